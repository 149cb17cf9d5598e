// What the portal header's stand-ins (deferred-controls.tsx) load on first use: one chunk with the
// floating-element controls (Mantine's Menu and Tooltip and the library under them).
import { Tooltip } from '@mantine/core';
import { useState, type RefObject } from 'react';

export { ThemeMenu } from '../../../app/layouts/theme-menu';

/**
 * Mantine's Tooltip attached to a control that is already on screen (its `target`): the control is not
 * wrapped, so its DOM node stays the same when this arrives. The mouse that asked for it is usually
 * still over the control and will not "enter" it again: shown at once if so (from then on Mantine's
 * hover handling opens and closes it).
 */
export function TargetTooltip({ target, label }: { target: RefObject<HTMLElement | null>; label: string }) {
  // Read once, when the code has arrived (not a render-time input that changes).
  const [hovered] = useState(() => target.current?.matches(':hover') ?? false);
  return <Tooltip target={target} label={label} defaultOpened={hovered} />;
}
