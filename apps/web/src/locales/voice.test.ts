// One voice per locale (docs/style-guide.md): es speaks neutral "tú", es-AR speaks "vos" and neither
// leaves English words behind. es-AR holds only overrides, so what an Argentine nutritionist reads is
// the *effective* es-AR text: the override when there is one, else the es text it falls back to.
// When a new es string speaks tú, the first test below names its key: add the voseo text under the
// same key in locales/es-AR/<namespace>.json.
import { describe, expect, it } from 'vitest';
import { flatLanguage } from './locale-files';
import { englishWords, offendersOf, tuForms, VOICE_ALLOWED } from './voice-rules';

const es = flatLanguage('es');
const esAr = flatLanguage('es-AR');
const effectiveEsAr: Record<string, string> = { ...es, ...esAr };

// --- tests ---------------------------------------------------------------------------------------

describe('voice of the Spanish locales', () => {
  it('es-AR speaks vos: no effective es-AR text (override, or the es text it falls back to) uses a tú form', () => {
    const offenders = offendersOf(effectiveEsAr, tuForms, VOICE_ALLOWED);
    expect(
      offenders,
      `${offenders.length} es-AR text(s) still speak tú. For each key below, add the voseo text under the same key in ` +
        'apps/web/src/locales/es-AR/<namespace>.json (namespace = the part before ":"), e.g. "Revisá", "Elegí", "Podés", ' +
        '"Tenés", "probá" — see docs/style-guide.md. A word that is not a tú form there goes in VOICE_ALLOWED with its reason.\n',
    ).toEqual([]);
  });

  it('no English words are left in es or es-AR', () => {
    const offenders = [
      ...offendersOf(es, englishWords, {}).map((line) => `es  ${line}`),
      ...offendersOf(esAr, englishWords, {}).map((line) => `es-AR  ${line}`),
    ];
    expect(offenders, 'Spanish texts with English words (translate them, or list a brand/key in ENGLISH_ALLOWED_TERMS):\n').toEqual([]);
  });

  it('the detectors catch what they are for and spare nouns and third persons', () => {
    expect(tuForms('Revisa tu conexión e intenta de nuevo.')).toEqual(['revisa', 'intenta']);
    expect(tuForms('Parece que no hay nadie llamado así, prueba buscarlo de otra manera')).toEqual(['prueba']);
    expect(tuForms('Carga tu primer paciente')).toEqual(['carga']);
    expect(tuForms('¿Aún no tienes cuenta?')).toEqual(['tienes']);
    expect(tuForms('Por seguridad, primero confirma tu contraseña actual.')).toEqual(['confirma']);
    expect(tuForms('Elegida por ti')).toEqual(['ti']);
    expect(tuForms('Aquí vas a ver tus pacientes. Celiaquía.')).toEqual(['aquí']);
    expect(tuForms('Son de solo lectura: cópialas a tus platos.')).toEqual(['cópialas']);
    expect(tuForms('Suscríbete a tu agenda')).toEqual(['suscríbete']);
    expect(tuForms('Mapa: haz clic para marcar la ubicación')).toEqual(['haz']);
    expect(tuForms('Si sales ahora, se pierden. Sales minerales.')).toEqual(['si sales']);
    // Voseo, nouns and third persons pass.
    expect(tuForms('Revisá tu conexión e intentá de nuevo. Probá buscarlo; cargá tu primer paciente.')).toEqual([]);
    expect(tuForms('Paciente de prueba')).toEqual([]);
    expect(tuForms('Este servicio usa el horario del lugar.')).toEqual([]);
    expect(tuForms('Una persona del equipo lo revisa; si lo aprueba, lo van a ver todas las cuentas.')).toEqual([]);
    expect(tuForms('Hola {{name}}, te escribe {{nutritionist}}.')).toEqual([]);
    expect(tuForms('Límite de destacadas · Título · Cálculo · Fórmula')).toEqual([]);
    expect(tuForms('Agenda. Sal (g)')).toEqual([]);
    expect(englishWords('Vista del week, Timed, Zoom in')).toEqual(['week', 'timed', 'zoom', 'in']);
    expect(englishWords('Error: el total normal del plan simple en el chat')).toEqual([]);
    expect(englishWords('Suscribite desde Google Calendar o WhatsApp; Enter agrega')).toEqual([]);
  });

  it('every VOICE_ALLOWED entry still names a word its text contains', () => {
    for (const [key, [w]] of Object.entries(VOICE_ALLOWED)) {
      expect(effectiveEsAr[key], key).toBeDefined();
      expect(tuForms(effectiveEsAr[key]!), key).toContain(w);
    }
  });
});
