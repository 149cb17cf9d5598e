// What the portal header's stand-ins (deferred-controls.tsx) load on first use: one chunk with the
// floating-element controls (Mantine's Menu and Tooltip and the library under them).
export { Tooltip } from '@mantine/core';
export { ThemeMenu } from '../../../app/layouts/theme-menu';
