// Issue 24's word slips, as a class: none may come back in a locale file or in a Spanish message of the
// server or the contracts. "la camára", "estan bloqueados", "LLamada finalizada", the usted form
// "seleccione el tipo de documento", peninsular "no hemos encontrado", "Cada 7 meses" for a semester; and
// "1 cuentas": every text that counts something has its singular (a _one/_other pair), or is listed here
// with why a count of one reads right in it.
import { describe, expect, it } from 'vitest';
import { flatLanguage } from './locale-files';

const es = flatLanguage('es');
const esAr = flatLanguage('es-AR');
const en = flatLanguage('en');

// Every source file of the server and the contracts, as text (their Spanish messages reach the screen).
const sources = {
  ...import.meta.glob<string>('../../../../packages/contracts/src/**/*.ts', { query: '?raw', eager: true, import: 'default' }),
  ...import.meta.glob<string>('../../../server/src/**/*.ts', { query: '?raw', eager: true, import: 'default' }),
};

/** Quoted and template literals of a source file. */
function literals(source: string): string[] {
  return [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** The slips of issue 24, each with the class it stands for. */
const SLIPS: Array<[RegExp, string]> = [
  [/cam[aá]ra\b/i, 'misspelt "cámara" (was "camára"); the right spelling is allowed below'],
  [/\bestan\b/i, '"están" without its accent'],
  [/\bLL[a-záéíóúñ]/, 'a doubled capital ("LLamada")'],
  [/\b(seleccione|ingrese|elija|intente|verifique|introduzca|pulse|presione|haga clic|comuníquese|contáctese)\b/i, 'usted form (the app speaks tú, or vos in es-AR)'],
  [/\b(hemos|habéis|vosotros|vuestro|vuestra|podéis|tenéis)\b/i, 'peninsular Spanish (was "no hemos encontrado")'],
  [/Cada 7 meses/, 'a semester is every 6 months'],
];

function slipsIn(texts: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const [pattern, why] of SLIPS) {
      const match = text.match(pattern);
      if (match && !(pattern === SLIPS[0]![0] && /cámara/i.test(match[0]))) found.push(`${where}: "${match[0]}" — ${why}`);
    }
  }
  return found;
}

/** Texts with {{count}} that need no singular form, with the reason. */
const COUNT_WITHOUT_PLURAL: Record<string, string> = {
  'admin:jobs.attemptsOf': '"{{count}} de {{max}}": a fraction, no noun',
  'marketing:tabs.requests': '"({{count}} sin ver)": no noun after the number',
  'plans:solver.excludedMore': '"y {{count}} más": no noun',
  'stats:newPatients.help': '"En {{period}}: {{count}}.": the number ends the sentence',
  'stats:consultations.help': '"En {{period}}: {{count}}.": the number ends the sentence',
};

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function countsWithoutSingular(texts: Record<string, string>): string[] {
  return Object.entries(texts)
    .filter(([key, text]) => /{{\s*count\s*}}/.test(text) && !PLURAL_SUFFIX.test(key) && !(`${key}_other` in texts) && !(key in COUNT_WITHOUT_PLURAL))
    .map(([key, text]) => `${key}: "${text}"`);
}

describe('issue 24 word slips stay out', () => {
  it('no locale text has one of the slips', () => {
    expect([...slipsIn(es).map((s) => `es ${s}`), ...slipsIn(esAr).map((s) => `es-AR ${s}`)]).toEqual([]);
  });

  it('no Spanish message of the server or the contracts has one of the slips', () => {
    const texts: Record<string, string> = {};
    for (const [file, source] of Object.entries(sources)) {
      if (/\.test\.ts$/.test(file)) continue;
      literals(source).forEach((text, index) => {
        if (/[áéíóúñ¿¡]|\b(el|la|los|las|de|una?)\b/.test(text)) texts[`${file.replace(/^.*\/(apps|packages)\//, '$1/')}#${index}`] = text;
      });
    }
    expect(Object.keys(texts).length).toBeGreaterThan(200);
    expect(slipsIn(texts)).toEqual([]);
  });

  it('every text that counts has a singular ("1 cuenta", "1 día", "1 año"), in every language', () => {
    expect([
      ...countsWithoutSingular(es).map((s) => `es ${s}`),
      ...countsWithoutSingular(en).map((s) => `en ${s}`),
      ...countsWithoutSingular({ ...es, ...esAr }).map((s) => `es-AR ${s}`),
    ]).toEqual([]);
    for (const key of Object.keys(COUNT_WITHOUT_PLURAL)) expect(es[key], `${key} is still a text with {{count}}`).toMatch(/{{count}}/);
  });

  it('the detectors find what they are for', () => {
    expect(slipsIn({ a: 'Permití el acceso a la camára', b: 'Los pagos estan bloqueados', c: 'LLamada finalizada', d: 'Por favor, seleccione el tipo de documento.', e: 'No hemos encontrado nada', f: 'Semestral · Cada 7 meses' })).toHaveLength(6);
    expect(slipsIn({ a: 'Usar la cámara', b: 'Están bloqueados', c: 'Llamada finalizada', d: 'Seleccioná el tipo de documento.', e: 'No encontramos nada', f: 'Cada 6 meses' })).toEqual([]);
    expect(countsWithoutSingular({ 'x:total': '{{count}} cuentas', 'x:days_one': '{{count}} día', 'x:days_other': '{{count}} días', 'x:b': '{{count}} pacientes', 'x:b_other': '{{count}} pacientes' })).toEqual(['x:total: "{{count}} cuentas"']);
  });
});
