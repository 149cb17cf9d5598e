// Issue 24: billing showed 27/11/2026, the audit 27/11/26 10:31 p. m., the portal 05:30 p. m. — each screen
// had its own formatter. Dates and times are written by lib/dates.ts only; this scan fails when a file
// formats a date some other way, so the next screen cannot drift again.
import { describe, expect, it } from 'vitest';
import { lineOf, sourceFiles, withoutCommentLines } from './source-scan';

/** Files that may use these APIs, and why — none of them shows a date to a person. */
const ALLOWED: Record<string, string> = {
  'lib/dates.ts': 'the one formatter',
  'lib/time-zones.ts': "reads a zone's UTC offset name ('GMT-03:00') to sort and label zones",
};

const FORBIDDEN: Array<[RegExp, string]> = [
  [/\.toLocaleDateString\(/g, 'toLocaleDateString'],
  [/\.toLocaleTimeString\(/g, 'toLocaleTimeString'],
  [/\.toLocaleString\(/g, 'toLocaleString'],
  [/Intl\.DateTimeFormat\b/g, 'Intl.DateTimeFormat'],
  [/\bdateStyle\b|\btimeStyle\b/g, 'dateStyle/timeStyle'],
  [/\bhour12\b|hourCycle:\s*'h12'/g, '12-hour clock option'],
  [/from 'date-fns/g, 'date-fns'],
  // dayjs/date-fns display patterns; 'YYYY-MM-DD' and 'HH:mm' are the API's and inputs' values, not display.
  [/\.format\('(?!YYYY-MM-DD'|HH:mm')[^']*(?:DD|MM|YY|hh|HH|mm|A)[^']*'\)/g, 'a date pattern'],
  // Hand-made dd-mm-yyyy from a Date's fields.
  [/\$\{[^}]*getDate\(\)[^}]*\}[-/.]/g, 'a hand-made date'],
  [/\.split\('-'\)\.reverse\(\)/g, 'a hand-made date'],
];

describe('dates are formatted only by lib/dates.ts', () => {
  it('no other file formats a date or a time on its own', () => {
    const offences: string[] = [];
    for (const file of sourceFiles()) {
      if (file.path in ALLOWED) continue;
      const code = withoutCommentLines(file.text);
      for (const [pattern, what] of FORBIDDEN) {
        for (const match of code.matchAll(pattern)) offences.push(`${file.path}:${lineOf(code, match.index)} ${what}: ${match[0]}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('the scan itself finds what it forbids (it cannot pass by reading nothing)', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.path === 'lib/dates.ts' && /Intl\.DateTimeFormat/.test(f.text))).toBe(true);
    const sample = "const a = d.toLocaleDateString('es'); const b = dayjs(x).format('DD/MM/YYYY hh:mm A'); const c = `${two(d.getDate())}-${m}`;";
    const found = FORBIDDEN.filter(([pattern]) => new RegExp(pattern.source).test(sample)).map(([, what]) => what);
    expect(found).toEqual(expect.arrayContaining(['toLocaleDateString', 'a date pattern', 'a hand-made date']));
    expect(new RegExp(FORBIDDEN[7]![0].source).test("dayjs().format('YYYY-MM-DD')")).toBe(false);
  });
});
