// Issue 24 (seed 2, section 9): every search typed into a field waits SEARCH_DEBOUNCE_MS (500 ms) after the
// last keystroke — the floating chat's contact search waited 250 ms, the consultation's patient picker and
// the operator's account search each had their own number. This scan fails on any debounce of the web app
// that does not use the one constant.
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';
import { lineOf, sourceFiles, withoutCommentLines } from './source-scan';

const DEBOUNCE_CALL = /\buseDebounced(?:Value|Callback|State)\s*\(/g;

/** The delay argument of each debounce call: the text after the call's first top-level comma. */
function delays(code: string): Array<{ at: number; delay: string }> {
  const found: Array<{ at: number; delay: string }> = [];
  for (const match of code.matchAll(DEBOUNCE_CALL)) {
    let depth = 0;
    let start = -1;
    let end = -1;
    for (let i = match.index + match[0].length; i < code.length; i++) {
      const c = code[i]!;
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) {
        if (depth === 0) {
          end = i;
          break;
        }
        depth--;
      } else if (c === ',' && depth === 0 && start === -1) start = i + 1;
    }
    const delay = start === -1 ? '' : code.slice(start, end).split(',')[0]!.trim();
    found.push({ at: match.index, delay });
  }
  return found;
}

describe('searches wait 500 ms after the last keystroke', () => {
  it('the shared delay is 500 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
  });

  it('every debounce in the web app uses SEARCH_DEBOUNCE_MS, the chat contact search included', () => {
    const files = sourceFiles();
    const offences: string[] = [];
    let calls = 0;
    for (const file of files) {
      const code = withoutCommentLines(file.text);
      for (const { at, delay } of delays(code)) {
        calls++;
        if (delay !== 'SEARCH_DEBOUNCE_MS') offences.push(`${file.path}:${lineOf(code, at)} waits ${delay || '(no delay)'}`);
      }
    }
    expect(offences).toEqual([]);
    // It reads real screens: the chat's contact list and the patient list are among them.
    expect(calls).toBeGreaterThan(10);
    for (const path of ['features/chat/components/conversation-list.tsx', 'features/patients/components/patients-list.tsx']) {
      expect(delays(files.find((f) => f.path === path)!.text).map((d) => d.delay), path).toEqual(['SEARCH_DEBOUNCE_MS']);
    }
  });

  it('the scan reads the delay of a call', () => {
    expect(delays("const [q] = useDebouncedValue(search.trim(), 250);").map((d) => d.delay)).toEqual(['250']);
    expect(delays('const [q] = useDebouncedValue(f(a, b), SEARCH_DEBOUNCE_MS, { leading: true });').map((d) => d.delay)).toEqual(['SEARCH_DEBOUNCE_MS']);
  });
});
