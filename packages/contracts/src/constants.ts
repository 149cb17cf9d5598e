// Plain values of the contracts, without zod: what the web app imports at run time (limits, field
// names, catalogues). Importing them from the package root would evaluate every zod schema of the
// package (~160 KB, ~0.3 s of a throttled phone's CPU on /ficha's first visit, issue 15); this entry,
// `@almendra/contracts/constants`, evaluates none. The schema modules import their values from here and
// the package root re-exports them, so the server's imports are unchanged.
// The lab analyte catalogue and the import fields are entries of their own
// (`@almendra/contracts/lab-analytes`, `@almendra/contracts/patient-import-fields`): this module is part of
// every first load (the voseo converter), and re-exported here they were too (~3.5 KB), for two screens.
export * from './fold-text.js';
export * from './voseo.js';

// dishes
export const DISH_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The meals a dish can fit, as the plan's meal slot positions: 1 desayuno, 2 media mañana, 3 almuerzo,
 * 4 merienda, 5 media tarde, 6 cena. "Proponer un día" places a dish only at the meals it fits.
 */
export const DISH_MEAL_SLOTS = [1, 2, 3, 4, 5, 6] as const;
/** A dish saved before it had meals, or created without them: lunch and dinner (migration 0044). */
export const DISH_DEFAULT_MEALS: readonly number[] = [3, 6];
/** A dish's meals as kept: slots 1–6 only, no repeats, ascending; lunch and dinner when none is left. */
export function normalizeDishMeals(meals: readonly number[]): number[] {
  const valid = [...new Set(meals)].filter((n) => Number.isInteger(n) && n >= 1 && n <= DISH_MEAL_SLOTS.length).sort((a, b) => a - b);
  return valid.length ? valid : [...DISH_DEFAULT_MEALS];
}

// statistics
export const STATISTICS_YEAR_MIN = 2000;
export const STATISTICS_YEAR_MAX = 2100;

// auth
/** The nutritionist's profile photo (PUT /me/photo, multipart): JPEG, PNG or WebP up to 5 MB. */
export const PROFILE_PHOTO_FIELD = 'photo';
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

// plans
/** PNG or JPEG, at most 2 MB; stored re-encoded as a PNG of at most 600×300 px. */
export const NUTRITIONIST_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const NUTRITIONIST_LOGO_FIELD = 'logo';

// referrals
/** Registration reads the code from /comenzar?ref=CODE. */
export const REFERRAL_QUERY_PARAM = 'ref';

// portal
export const CHAT_TEXT_MAX = 4000;
export const CHAT_PAGE_DEFAULT = 10;
/** Seconds a call rings before it ends by itself. */
export const CALL_RING_TIMEOUT_SECONDS = 60;
export const DAILY_LOG_MEALS = ['desayuno', 'almuerzo', 'merienda', 'cena', 'colacion'] as const;

// public-profile
export const PUBLIC_COVER_FIELD = 'file';
export const PUBLIC_COVER_MAX_BYTES = 5 * 1024 * 1024;

// locations
/**
 * Colour of a new place when none is chosen: a blue on which the spec's white text reads at 5:1
 * (WCAG AA); the lighter #4e8cff of the chat widget would read at only 3.2:1.
 */
export const DEFAULT_LOCATION_COLOR = '#2b6cd4';

// patient payments (cobros)
/** How a patient paid: efectivo, transferencia, Mercado Pago, tarjeta de débito/crédito, obra social/prepaga. */
export const PATIENT_PAYMENT_METHODS = ['cash', 'transfer', 'mercadopago', 'card', 'insurance'] as const;
/** The largest payment recorded at once, in cents (1.000.000,00): more is a typing mistake. */
export const PATIENT_PAYMENT_MAX_CENTS = 100_000_000;

// billing
/** A payment receipt she uploads for the operator (POST /me/subscription/receipts): image or PDF, 10 MB. */
export const PAYMENT_RECEIPT_FIELD = 'file';
export const PAYMENT_RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

// appointments that patients confirm (issue 27)
/** The realtime event of a patient's answer from her personal link (besides 'citas-actualizadas'). */
export const PATIENT_ANSWER_EVENT = 'appointments.patient-answer';

// push (issue 27): the events each kind of person can be notified of (docs/push.md)
export const PATIENT_PUSH_EVENTS = ['chat_message', 'video_call', 'plan_published', 'appointment_reminder'] as const;
export const NUTRITIONIST_PUSH_EVENTS = ['chat_message', 'appointment_request', 'appointment_answer'] as const;
export const PUSH_EVENTS = ['chat_message', 'video_call', 'plan_published', 'appointment_reminder', 'appointment_request', 'appointment_answer'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

// billing
/** Why a processor refused or failed, as packages/domain's processorFailureReason reads it (same list). */
export const PROCESSOR_FAILURE_REASON_KEYS = [
  'insufficient_funds',
  'card_declined',
  'expired_card',
  'invalid_card_data',
  'call_issuer',
  'card_disabled',
  'fraud_suspected',
  'too_many_attempts',
  'duplicate_payment',
  'authentication_required',
  'payment_cancelled',
  'processor_unavailable',
  'subscription_not_found',
  'processor_refused',
  'unknown',
] as const;
