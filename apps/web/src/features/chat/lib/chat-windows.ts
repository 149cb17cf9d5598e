// Which floating chat windows are drawn open, side by side along the bottom edge, left of the launcher
// column (the spec: each participant sits in a numbered slot, up to 7 show at once). A window is drawn
// open when it is not minimised, its participant is among the 7 visible slots (lib/chat-heads.ts), and it
// fits the screen's width: when more qualify than fit, the most recently used ones stay open and the
// others show as heads in the column until clicked. Open windows go right to left by slot.
import { MAX_CHAT_HEADS, visibleHeads, type ChatHead } from './chat-heads';

/** Space between two windows. */
export const WINDOW_GAP = 12;
/** Windows keep clear of the launcher column: 24 px margin + 52 px launcher + 16 px. */
export const DOCK_RIGHT = 92;
/** Margin kept on the left edge of the screen. */
const LEFT_EDGE = 16;

export interface ChatWindowState {
  patientId: string;
  minimised: boolean;
  /** Order of last use (opened, restored, focused): higher is more recent. */
  usedAt: number;
}

/** How many windows of this width fit side by side left of the launcher column (at least 1, at most 7). */
export function windowsThatFit(viewportWidth: number, windowWidth: number): number {
  const fit = Math.floor((viewportWidth - DOCK_RIGHT - LEFT_EDGE + WINDOW_GAP) / (windowWidth + WINDOW_GAP));
  return Math.max(1, Math.min(MAX_CHAT_HEADS, fit));
}

/** The windows drawn open, in slot order (the first sits next to the launcher); `room` is how many fit. */
export function openWindows(windows: readonly ChatWindowState[], heads: readonly ChatHead[], room: number): ChatWindowState[] {
  const slots = new Map(visibleHeads(heads).map((h) => [h.patientId, h.slot]));
  return windows
    .filter((w) => !w.minimised && slots.has(w.patientId))
    .sort((a, b) => b.usedAt - a.usedAt)
    .slice(0, Math.max(0, room))
    .sort((a, b) => slots.get(a.patientId)! - slots.get(b.patientId)!);
}

/** The heads in the column: the visible participants that are not drawn as an open window. */
export function headsBesideWindows(heads: readonly ChatHead[], open: readonly ChatWindowState[]): ChatHead[] {
  const drawn = new Set(open.map((w) => w.patientId));
  return visibleHeads(heads).filter((h) => !drawn.has(h.patientId));
}

/** Opens (or restores and brings forward) a participant's window. */
export function showWindow(windows: readonly ChatWindowState[], patientId: string, usedAt: number): ChatWindowState[] {
  const known = windows.some((w) => w.patientId === patientId);
  if (!known) return [...windows, { patientId, minimised: false, usedAt }];
  return windows.map((w) => (w.patientId === patientId ? { ...w, minimised: false, usedAt } : w));
}

export function minimiseWindow(windows: readonly ChatWindowState[], patientId: string): ChatWindowState[] {
  return windows.map((w) => (w.patientId === patientId ? { ...w, minimised: true } : w));
}

export function closeWindow(windows: readonly ChatWindowState[], patientId: string): ChatWindowState[] {
  return windows.filter((w) => w.patientId !== patientId);
}
