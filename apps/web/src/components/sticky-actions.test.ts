// Issue 24: the floating chat button rises above elements marked data-sticky-actions, but only the public
// profile marked its bar, so a bar added elsewhere sat under the button. Every bottom-sticky or fixed bar
// is the StickyActions component (which carries the mark); this scan fails on one built by hand without it.
import { describe, expect, it } from 'vitest';
import { SRC_ROOT, lineOf, sourceFiles, withoutCommentLines } from '../lib/source-scan';

// A JSX element or style object that pins something to the bottom edge.
const BOTTOM_PINNED = [
  /position:\s*'(?:sticky|fixed)'[^}]*\bbottom:/g,
  /pos="(?:sticky|fixed)"[^>]*\bbottom=/g,
  /position:\s*(?:sticky|fixed);[^}]*\bbottom:/g,
];

describe('sticky action bars are marked for the chat button', () => {
  it('every bar pinned to the bottom is StickyActions (data-sticky-actions), in TSX and CSS alike', () => {
    const css = sourceFiles(SRC_ROOT, /\.css$/);
    // Pinned to the bottom on purpose and not an action bar of a screen: the chat's own launcher and window.
    const allowed = new Set(['components/sticky-actions.module.css', 'features/chat/components/floating-chat.module.css']);
    const offences: string[] = [];
    for (const file of [...sourceFiles(), ...css]) {
      if (allowed.has(file.path)) continue;
      const code = withoutCommentLines(file.text);
      for (const pattern of BOTTOM_PINNED) {
        for (const match of code.matchAll(pattern)) {
          if (!/data-sticky-actions/.test(code.slice(match.index, match.index + match[0].length + 200))) offences.push(`${file.path}:${lineOf(code, match.index)}`);
        }
      }
    }
    expect(offences).toEqual([]);
    // The scan reads the component it asks for, so it is looking at real files.
    expect(css.some((f) => f.path.endsWith('sticky-actions.module.css') && /position:\s*sticky/.test(f.text))).toBe(true);
    expect(BOTTOM_PINNED[0]!.source && new RegExp(BOTTOM_PINNED[0]!.source).test("style={{ position: 'sticky', bottom: 0 }}")).toBe(true);
  });
});
