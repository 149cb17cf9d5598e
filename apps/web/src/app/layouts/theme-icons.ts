// The icon of each appearance (theme): the navbar's menu and the portal's stand-in button share them.
import { IconDeviceDesktop, IconMoon, IconSun, IconSunMoon } from '@tabler/icons-react';
import type { Theme } from '@almendra/contracts';

export const THEME_ICONS: Record<Theme, typeof IconSun> = { system: IconDeviceDesktop, light: IconSun, dark: IconMoon, 'semi-dark': IconSunMoon };
