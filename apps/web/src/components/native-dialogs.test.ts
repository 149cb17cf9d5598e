// Issue 24: the browser's own dialogs ("¿Cancelar?" answered with "Aceptar/Cancelar") say nothing of what
// happens; the app asks in its own dialog (components/confirm-dialog.tsx) with verbs that do. This scan
// fails on any call of the browser's confirm(), alert() or prompt() in the web app: a screen added
// tomorrow is checked too.
import { describe, expect, it } from 'vitest';
import { lineOf, sourceFiles, withoutCommentLines } from '../lib/source-scan';

const NATIVE = /(?<![\w.$])(?:(?:window|globalThis|self)\s*\.\s*)?(confirm|alert|prompt)\s*\(/g;

/** Native dialog calls in a file: a bare confirm( counts unless the file declares its own function of that name. */
function nativeDialogCalls(code: string): Array<{ at: number; name: string }> {
  const found: Array<{ at: number; name: string }> = [];
  for (const match of code.matchAll(NATIVE)) {
    const name = match[1]!;
    const qualified = /^(window|globalThis|self)/.test(match[0]);
    // Its own function or variable, or a method of a type (the install event's prompt(): Promise<void>).
    const declared = new RegExp(`(?:const|let|function)\\s+${name}\\b|^\\s*${name}\\s*\\([^)]*\\)\\s*:`, 'm').test(code);
    if (qualified || !declared) found.push({ at: match.index, name });
  }
  return found;
}

describe('no browser-native dialogs', () => {
  it('no screen calls window.confirm, alert or prompt; they ask in the app\'s own dialog', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const offences = files.flatMap((file) => {
      const code = withoutCommentLines(file.text);
      return nativeDialogCalls(code).map(({ at, name }) => `${file.path}:${lineOf(code, at)} ${name}()`);
    });
    expect(offences).toEqual([]);
    // The app's own dialog exists and is what screens use instead.
    expect(files.some((f) => f.path === 'components/confirm-dialog.tsx')).toBe(true);
  });

  it('the scan finds what it forbids and spares a function of the same name', () => {
    expect(nativeDialogCalls("if (!window.confirm('¿Cancelar?')) return;").map((c) => c.name)).toEqual(['confirm']);
    expect(nativeDialogCalls("if (confirm('¿Borrar?')) remove();").map((c) => c.name)).toEqual(['confirm']);
    expect(nativeDialogCalls("alert('Listo');").map((c) => c.name)).toEqual(['alert']);
    expect(nativeDialogCalls('const confirm = async () => {}; void confirm();')).toEqual([]);
    expect(nativeDialogCalls('await event.prompt(); onConfirm();')).toEqual([]);
    expect(nativeDialogCalls('interface E {\n  prompt(): Promise<void>;\n}')).toEqual([]);
  });
});
