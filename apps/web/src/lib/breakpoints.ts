/** Below Mantine's `sm` (48em): a phone. Layout choices that JavaScript makes (where the chat lives) use it. */
export const PHONE_QUERY = '(max-width: 47.99em)';
