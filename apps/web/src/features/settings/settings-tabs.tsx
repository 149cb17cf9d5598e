// The tabs of /configuracion and /configuracion2. Each feature appends ONE entry to `tabs` (value =
// the ?tab= value, labelKey = its i18n key, a lazily loaded panel); the page renders them in order.
import { IconBell, IconMapPin, IconToolsKitchen2, IconWorldWww, type Icon } from '@tabler/icons-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface SettingsTab {
  /** ?tab= value; the first tab is the default. */
  value: string;
  /** Full i18n key ('<namespace>:<key>') of the tab's label. */
  labelKey: string;
  icon: Icon;
  panel: LazyExoticComponent<ComponentType>;
}

export const tabs: SettingsTab[] = [
  {
    value: 'lugares',
    labelKey: 'appointments:settings.tabs.places',
    icon: IconMapPin,
    panel: lazy(() => import('./locations/locations-tab').then((m) => ({ default: m.LocationsTab }))),
  },
  // 'Comidas' tab (plans feature): append its entry here, e.g.
  // { value: 'comidas', labelKey: 'plans:settings.tab', icon: IconToolsKitchen2, panel: lazy(() => import(…)) },
  {
    value: 'comidas',
    labelKey: 'plans:settings.tab',
    icon: IconToolsKitchen2,
    panel: lazy(() => import('../plans/components/meal-slots-tab').then((m) => ({ default: m.MealSlotsTab }))),
  },
  {
    value: 'perfil-web',
    labelKey: 'marketing:profile.tab',
    icon: IconWorldWww,
    panel: lazy(() => import('./public-profile/public-profile-tab').then((m) => ({ default: m.PublicProfileTab }))),
  },
  {
    value: 'notificaciones',
    labelKey: 'portal:push.title',
    icon: IconBell,
    panel: lazy(() => import('../push/components/notifications-card').then((m) => ({ default: () => <m.NotificationsCard audience="nutritionist" /> }))),
  },
];
