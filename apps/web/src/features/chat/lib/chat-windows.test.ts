import { describe, expect, it } from 'vitest';
import { openHead } from './chat-heads';
import { closeWindow, headsBesideWindows, minimiseWindow, openWindows, showWindow, windowsThatFit, type ChatWindowState } from './chat-windows';

const contact = (n: number) => ({ patientId: `p${n}`, name: `Paciente ${n}`, photo: null });

/** Opens participants 1..n, in that order, as the floating chat does (a head and a window each). */
function openMany(n: number) {
  let heads = openHead([], contact(1));
  let windows: ChatWindowState[] = showWindow([], 'p1', 1);
  for (let i = 2; i <= n; i += 1) {
    heads = openHead(heads, contact(i));
    windows = showWindow(windows, `p${i}`, i);
  }
  return { heads, windows };
}

describe('floating chat windows', () => {
  it('fits two 480 px windows on a 1366 px laptop, two 360 px ones at 1024 px, one at 800 px', () => {
    expect(windowsThatFit(1366, 480)).toBe(2);
    expect(windowsThatFit(1024, 360)).toBe(2);
    expect(windowsThatFit(800, 360)).toBe(1);
    expect(windowsThatFit(320, 360)).toBe(1);
    expect(windowsThatFit(5000, 240)).toBe(7);
  });

  it('draws open the most recently used windows that fit, in slot order; the rest are heads', () => {
    const { heads, windows } = openMany(3);
    const open = openWindows(windows, heads, 2);
    expect(open.map((w) => w.patientId)).toEqual(['p2', 'p3']);
    expect(headsBesideWindows(heads, open).map((h) => h.patientId)).toEqual(['p1']);
    // Clicking p1's head brings it forward: p2, now the least recently used, becomes the head.
    const again = openWindows(showWindow(windows, 'p1', 10), openHead(heads, contact(1)), 2);
    expect(again.map((w) => w.patientId)).toEqual(['p1', 'p3']);
  });

  it('a minimised window shows as its head; closing removes both window and (read) head', () => {
    let { heads, windows } = openMany(2);
    windows = minimiseWindow(windows, 'p1');
    let open = openWindows(windows, heads, 2);
    expect(open.map((w) => w.patientId)).toEqual(['p2']);
    expect(headsBesideWindows(heads, open).map((h) => h.patientId)).toEqual(['p1']);
    windows = closeWindow(windows, 'p2');
    heads = heads.map((h) => (h.patientId === 'p2' ? { ...h, active: false } : h));
    open = openWindows(windows, heads, 2);
    expect(open).toEqual([]);
    expect(headsBesideWindows(heads, open).map((h) => h.patientId)).toEqual(['p1']);
  });

  it('beyond the 7 slots an eighth conversation takes slot 5 and the one it displaces leaves the screen', () => {
    const { heads, windows } = openMany(8);
    const slot = (id: string) => heads.find((h) => h.patientId === id)!.slot;
    // Each one opened from slot 6 or higher took slot 5: p6, then p7, then p8; p7 goes to p8's slot 8.
    expect(slot('p8')).toBe(5);
    expect(slot('p7')).toBe(8);
    const open = openWindows(windows, heads, 7);
    expect(open.map((w) => w.patientId)).toEqual(['p1', 'p2', 'p3', 'p4', 'p8', 'p5', 'p6']);
    expect(headsBesideWindows(heads, open)).toEqual([]);
  });

  it('with no room (the contact list takes the only place) no conversation is drawn open', () => {
    const { heads, windows } = openMany(1);
    expect(openWindows(windows, heads, 0)).toEqual([]);
  });
});
