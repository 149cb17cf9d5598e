import { describe, expect, it } from 'vitest';
import { tuForms } from '../locales/voice-rules';
import { apiErrorFromResponse, fieldErrors } from './api-error';
import { preferencesStore } from './preferences';
import { toVoseo } from './voseo';

// Every source file of the server and the contracts, as text: their Spanish messages are what an
// es-AR interface rewrites.
const sources = {
  ...import.meta.glob<string>('../../../../packages/contracts/src/**/*.ts', { query: '?raw', eager: true, import: 'default' }),
  ...import.meta.glob<string>('../../../server/src/**/*.ts', { query: '?raw', eager: true, import: 'default' }),
};

/** Quoted and template literals, with ${…} replaced by a neutral word. */
function literals(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
    found.push((match[1] ?? match[2] ?? '').replace(/\$\{[^}]*\}/g, 'dato'));
  }
  return found;
}

/** Literals the tú detector flags that are not tú: [text, why]. */
const NOT_TU: [string, string][] = [
  [' (copia)', 'noun: the suffix of a duplicated plan or dish'],
  ['Lee y col. (2000)', 'surname: the Lee (2000) equation'],
  ['Lee y col. (2000) / peso', 'surname: the Lee (2000) equation over weight (a percentage label)'],
  ['acepta_novedades', 'a CSV column name (the mailing export), third person: the patient accepts news'],
  [
    'text/csv (UTF-8 with BOM, CRLF; ";" and decimal comma when the user reads Spanish, "," in English): nombre, apellido, email, celular, acepta_novedades (sí/no). ',
    'OpenAPI description naming the CSV columns, not a message shown to anyone',
  ],
];

describe('server messages in voseo', () => {
  it('rewrites the tú forms of the server messages', () => {
    expect(toVoseo('Revisa los datos ingresados.')).toBe('Revisá los datos ingresados.');
    expect(toVoseo('Ingresa un correo electrónico válido.')).toBe('Ingresá un correo electrónico válido.');
    expect(toVoseo('Demasiados intentos. Espera unos minutos y vuelve a intentarlo.')).toBe('Demasiados intentos. Esperá unos minutos y volvé a intentarlo.');
    expect(toVoseo('Elige un paciente existente o crea uno nuevo, no ambos.')).toBe('Elegí un paciente existente o creá uno nuevo, no ambos.');
    expect(toVoseo('Solo puedes comparar consultas del mismo paciente.')).toBe('Solo podés comparar consultas del mismo paciente.');
    expect(toVoseo('No tienes permiso para hacer esto.')).toBe('No tenés permiso para hacer esto.');
    expect(toVoseo('El paciente no tiene correo electrónico. Escribe una dirección.')).toBe('El paciente no tiene correo electrónico. Escribí una dirección.');
    // Third persons, nouns and voseo stay as they are.
    expect(toVoseo('Este servicio usa el horario del lugar. Paciente de prueba.')).toBe('Este servicio usa el horario del lugar. Paciente de prueba.');
    expect(toVoseo('Revisá los datos.')).toBe('Revisá los datos.');
    expect(toVoseo('Aquí no hay nada para ti.')).toBe('Acá no hay nada para vos.');
  });

  // Reads every server and contract source: over 5 s on a loaded machine, hence its own time limit.
  it('leaves no tú form in any Spanish message of the server or the contracts', { timeout: 60_000 }, () => {
    const messages = [...new Set(Object.values(sources).flatMap(literals))].filter(
      // Codes in capitals (the ISO country "VE", Venezuela) are data, not sentences.
      (text) => /[a-záéíóúñ]/.test(text) && tuForms(text).length > 0 && !NOT_TU.some(([literal]) => literal === text),
    );
    expect(messages.length).toBeGreaterThan(20);
    const left = messages.map((text) => [text, toVoseo(text)] as const).filter(([, voseo]) => tuForms(voseo).length > 0);
    expect(
      left.map(([text, voseo]) => `"${text}" → "${voseo}" (${tuForms(voseo).join(', ')})`),
      'Add these tú forms to lib/voseo.ts (ANYWHERE or IMPERATIVES):\n',
    ).toEqual([]);
  });

  it('shows server errors in voseo only while the interface speaks es-AR', async () => {
    const answer = () =>
      new Response(
        JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'Revisa los datos ingresados.', details: [{ path: 'email', message: 'Ingresa un correo electrónico válido.' }] } }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    try {
      preferencesStore.set({ locale: 'es-AR' });
      const argentine = await apiErrorFromResponse(answer());
      expect(argentine.message).toBe('Revisá los datos ingresados.');
      expect(fieldErrors(argentine)).toEqual({ email: 'Ingresá un correo electrónico válido.' });
      preferencesStore.set({ locale: 'es' });
      const neutral = await apiErrorFromResponse(answer());
      expect(neutral.message).toBe('Revisa los datos ingresados.');
      expect(fieldErrors(neutral)).toEqual({ email: 'Ingresa un correo electrónico válido.' });
    } finally {
      preferencesStore.set({ locale: 'es' });
    }
  });
});
