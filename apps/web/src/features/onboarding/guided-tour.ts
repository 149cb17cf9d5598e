// The guided tour of the main screens (seed 1 section 4, tours), run with driver.js. Its stops depend on
// the practice's size (the spec's patient-count bands 6 and 15): a practice starting out is shown where
// patients, appointments and plans live; a busy one is shown statistics, requests and chat first.
// On a phone the side menu is a closed drawer, so the stops are shown as centred cards instead of
// pointing at hidden entries. Loaded only when a tour starts (driver.js and its stylesheet).
import type { TFunction } from 'i18next';
import type { PatientCountBand } from '@almendra/contracts';

export type TourStop =
  | 'welcome'
  | 'patients'
  | 'appointments'
  | 'templates'
  | 'foods'
  | 'statistics'
  | 'marketing'
  | 'chat'
  | 'settings'
  | 'search'
  | 'help';

const STOPS_BY_BAND: Record<PatientCountBand, readonly TourStop[]> = {
  'under-6': ['welcome', 'patients', 'appointments', 'templates', 'foods', 'settings', 'search', 'help'],
  '6-to-14': ['welcome', 'appointments', 'templates', 'chat', 'marketing', 'statistics', 'search', 'help'],
  '15-or-more': ['welcome', 'statistics', 'marketing', 'chat', 'templates', 'search', 'help'],
};

export function tourStops(band: PatientCountBand): readonly TourStop[] {
  return STOPS_BY_BAND[band];
}

/** The element a stop points at on a wide screen (side-menu entries carry data-tour). */
function selectorOf(stop: TourStop): string | undefined {
  if (stop === 'welcome' || stop === 'help') return undefined;
  if (stop === 'search') return '[data-testid="open-search"]';
  return `[data-tour="menu-${stop}"]`;
}

/** Starts the tour; `onFinished` runs once when it is completed or closed. */
export async function startGuidedTour(options: {
  band: PatientCountBand;
  t: TFunction<'dashboard'>;
  wide: boolean;
  onFinished: () => void;
}): Promise<void> {
  const [{ driver }, classes] = await Promise.all([
    import('driver.js'),
    import('./guided-tour.module.css'),
    import('driver.js/dist/driver.css'),
  ]);
  const { t } = options;
  let finished = false;
  const tour = driver({
    showProgress: true,
    // No fade or slide for people who asked their system for less motion.
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    allowClose: true,
    overlayOpacity: 0.55,
    popoverClass: classes.default.popover,
    nextBtnText: t('tour.buttons.next'),
    prevBtnText: t('tour.buttons.previous'),
    doneBtnText: t('tour.buttons.done'),
    progressText: t('tour.buttons.progress', { current: '{{current}}', total: '{{total}}' }),
    steps: tourStops(options.band).map((stop) => {
      const selector = options.wide ? selectorOf(stop) : undefined;
      const present = selector && document.querySelector(selector) ? selector : undefined;
      return {
        element: present,
        popover: { title: t(`tour.steps.${stop}.title`), description: t(`tour.steps.${stop}.description`) },
      };
    }),
    // Every way out (Listo, the close button, Escape, a click on the overlay) passes here first.
    onDestroyStarted: () => {
      if (!finished) {
        finished = true;
        options.onFinished();
      }
      tour.destroy();
    },
  });
  tour.drive();
}
