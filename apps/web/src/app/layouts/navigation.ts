// Side menu entries (seed 1 section 2, in the spec's order) and the product pages offered by the
// navbar search. Labels are keys of nav:pages, so every page has its Spanish and English name.
import type { ComponentType } from 'react';
import type { IconProps } from '@tabler/icons-react';
import {
  IconApple,
  IconBowl,
  IconCalendarEvent,
  IconChartBar,
  IconGift,
  IconHelp,
  IconHome,
  IconMessages,
  IconNews,
  IconNote,
  IconPlus,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconStethoscope,
  IconTemplate,
  IconUser,
  IconUserPlus,
  IconUsers,
  IconClipboardList,
  IconMessagePlus,
  IconChefHat,
  IconTag,
  IconVideo,
} from '@tabler/icons-react';
import type { Role } from '@almendra/contracts';
import type { Resources } from '../../lib/i18n';

export type NavPageKey = keyof Resources['nav']['pages'];

export interface MenuEntry {
  path: string;
  label: NavPageKey;
  icon: ComponentType<IconProps>;
  /** Shows the unseen appointment-request count. */
  badge?: 'unseenRequests' | 'unreadMessages' | 'patientCancellations';
  /** Registered but not listed (seed: /comprar is hidden from the menu). */
  hidden?: boolean;
  roles?: readonly Role[];
}

export const MENU: readonly MenuEntry[] = [
  { path: '/inicio', label: 'home', icon: IconHome },
  { path: '/pacientes', label: 'patients', icon: IconUsers },
  { path: '/citas', label: 'appointments', icon: IconCalendarEvent, badge: 'patientCancellations' },
  { path: '/plantillas', label: 'templates', icon: IconTemplate },
  { path: '/alimentos', label: 'foods', icon: IconApple },
  { path: '/platos', label: 'dishes', icon: IconBowl },
  { path: '/estadisticas', label: 'statistics', icon: IconChartBar },
  { path: '/marketing', label: 'marketing', icon: IconSpeakerphone, badge: 'unseenRequests' },
  { path: '/chat', label: 'chat', icon: IconMessages, badge: 'unreadMessages' },
  { path: '/configuracion', label: 'settings', icon: IconSettings },
  { path: '/comprar', label: 'prices', icon: IconTag, hidden: true },
  { path: '/admin', label: 'admin', icon: IconShieldLock, roles: ['admin'] },
];

export function visibleMenu(role: Role | null): MenuEntry[] {
  return MENU.filter((entry) => !entry.hidden && (!entry.roles || (role !== null && entry.roles.includes(role))));
}

export interface SearchablePage {
  path: string;
  label: NavPageKey;
  icon: ComponentType<IconProps>;
  roles?: readonly Role[];
}

/** Product pages that make sense to open from anywhere (detail screens need a record, so they are left out). */
export const SEARCHABLE_PAGES: readonly SearchablePage[] = [
  { path: '/inicio', label: 'home', icon: IconHome },
  { path: '/pacientes', label: 'patients', icon: IconUsers },
  { path: '/nuevo-paciente', label: 'newPatient', icon: IconUserPlus },
  { path: '/nueva-consulta', label: 'newConsultation', icon: IconStethoscope },
  { path: '/citas', label: 'appointments', icon: IconCalendarEvent },
  { path: '/plantillas', label: 'templates', icon: IconTemplate },
  { path: '/nuevo-plan', label: 'newPlan', icon: IconClipboardList },
  { path: '/alimentos', label: 'foods', icon: IconApple },
  { path: '/nuevo-alimento', label: 'newFood', icon: IconPlus },
  { path: '/nuevo-request', label: 'foodRequest', icon: IconMessagePlus },
  { path: '/platos', label: 'dishes', icon: IconBowl },
  { path: '/nueva-comida', label: 'newDish', icon: IconChefHat },
  { path: '/nueva-nota', label: 'newNote', icon: IconNote },
  { path: '/estadisticas', label: 'statistics', icon: IconChartBar },
  { path: '/marketing', label: 'marketing', icon: IconSpeakerphone },
  { path: '/chat', label: 'chat', icon: IconMessages },
  { path: '/video-llamadas', label: 'videoCalls', icon: IconVideo },
  { path: '/configuracion', label: 'settings', icon: IconSettings },
  { path: '/gratis', label: 'referrals', icon: IconGift },
  { path: '/mi-cuenta', label: 'account', icon: IconUser },
  { path: '/novedades', label: 'news', icon: IconNews },
  { path: '/ayuda', label: 'help', icon: IconHelp },
  { path: '/comprar', label: 'prices', icon: IconTag },
  { path: '/admin', label: 'admin', icon: IconShieldLock, roles: ['admin'] },
];
