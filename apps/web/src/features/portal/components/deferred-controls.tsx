// The portal header's appearance menu and tooltip, whose code loads when the patient reaches for them.
// Mantine's Menu and Tooltip bring the floating-element library (~25 KB gzip): on a phone's first visit
// that was a sixth of the portal's JavaScript for two controls that are rarely touched (issue 27).
// Each renders a stand-in that looks the same; the real control loads on the first pointer or focus and
// takes over (the menu opened, as the click asked).
import { cloneElement, lazy, Suspense, useRef, useState, useSyncExternalStore, type PointerEvent, type ReactElement, type Ref } from 'react';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { THEME_ICONS } from '../../../app/layouts/theme-icons';
import { preferencesStore } from '../../../lib/preferences';

const loadControls = () => import('./floating-controls');
const ThemeMenu = lazy(() => loadControls().then((m) => ({ default: m.ThemeMenu })));
const TargetTooltip = lazy(() => loadControls().then((m) => ({ default: m.TargetTooltip })));

/** The appearance menu's button; the menu itself (ThemeMenu of the navbar) loads on the first click. */
export function ThemeMenuButton() {
  const { t } = useTranslation('nav');
  const { theme } = useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
  const [opened, setOpened] = useState(false);
  const CurrentIcon = THEME_ICONS[theme];
  const standIn = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('navbar.appearance')}
      aria-haspopup="menu"
      data-testid="theme-menu"
      onPointerEnter={() => void loadControls()}
      onFocus={() => void loadControls()}
      onClick={() => setOpened(true)}
    >
      <CurrentIcon size={20} aria-hidden />
    </ActionIcon>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu defaultOpened />
    </Suspense>
  );
}

/**
 * Mantine's Tooltip (shown on mouse hover), loaded when a mouse first enters the control: until then the
 * control alone (its aria-label names it for everyone else). The control is rendered once and never
 * wrapped: the tooltip arrives beside it (in a portal, pointed at it by `target`), so its DOM node is the
 * same before and after. (Wrapping it in the lazy Tooltip replaced the button when the code arrived, and
 * a click pressed on the old node and released on the new one was lost: "Cerrar sesión" did nothing.)
 */
export function DeferredTooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<{ onPointerEnter?: (event: PointerEvent) => void; ref?: Ref<HTMLElement> }>;
}) {
  const [wanted, setWanted] = useState(false);
  const target = useRef<HTMLElement | null>(null);
  return (
    <>
      {cloneElement(children, {
        ref: target, // the control's own ref, if it had one, is not kept (none has)
        onPointerEnter: (event: PointerEvent) => {
          children.props.onPointerEnter?.(event);
          if (event.pointerType === 'mouse') setWanted(true);
        },
      })}
      {wanted && (
        <Suspense fallback={null}>
          <TargetTooltip target={target} label={label} />
        </Suspense>
      )}
    </>
  );
}
