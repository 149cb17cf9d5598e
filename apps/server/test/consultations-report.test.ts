// The consultation PDF report: branded with the nutritionist's name and licence number, the patient, the
// date, every measurement and the derived values (es-AR numbers, BMI category, source names) — read back
// as text from the PDF the API answers. Tenant scope: another nutritionist's consultation answers 404.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAnthropometry, formatZScore } from '@almendra/domain';
import { createTestApp, type TestApp } from './helpers.js';
import { athleteMeasurements, genericMaleMeasurements, practice } from './consultations-helpers.js';
import { formatEsAr, renderConsultationReport } from '../src/modules/consultations/consultation-report.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The text of an uncompressed pdfkit PDF: each TJ array's hex strings joined (WinAnsi ≈ latin1 here). */
function rawText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const parts = [...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((p) => Buffer.from(p[1]!, 'hex').toString('latin1'));
    lines.push(parts.join(''));
  }
  return lines.join('\n');
}

/** Whole text via pdftotext when installed (poppler-utils), else the uncompressed fallback. */
function pdfText(pdf: Buffer): string {
  if (!hasPdftotext()) return rawText(pdf);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-report-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

/** Page count and text (pages separated by form feeds) of a PDF, with poppler's pdfinfo and pdftotext. */
function pdfPages(pdf: Buffer): { pages: number; text: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-report-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pixels of each exact colour ('rrggbb') one page has, rendered by pdftoppm at 72 dpi (binary PPM). */
function pageColours(pdf: Buffer, page: number): Map<string, number> {
  const ppm = execFileSync('pdftoppm', ['-r', '72', '-aa', 'no', '-aaVector', 'no', '-f', String(page), '-l', String(page), '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  // Header: 'P6\n<width> <height>\n255\n', then RGB triplets.
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
  const counts = new Map<string, number>();
  for (let i = header[0].length; i + 2 < ppm.length; i += 3) {
    const key = ppm.subarray(i, i + 3).toString('hex');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('GET /api/v1/consultations/{id}/report.pdf', () => {
  it('for a 12-year-old prints the WHO 2007 growth indicators, no adult BMI category, and the IOM 2005 energy source', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Martina', lastName: 'Sosa', sex: 'f', birthDate: '2014-01-15' });
    const created = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', measurements: { weightKg: 52, heightCm: 150 } });
    const growth = created.derived.growth;
    const response = await p.call('GET', `/api/v1/consultations/${created.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    const text = squash(pdfText(response.rawPayload));
    expect(text).toContain('Crecimiento (OMS 2007, 5 a 19 años)');
    const bmi = growth.indicators.bmiForAge;
    expect(text).toContain(`IMC para la edad z +${formatEsAr(bmi.z, 2)} · P${formatEsAr(bmi.percentile, 1)} · Sobrepeso`);
    expect(text).toContain('IOM (2005)');
    expect(text).not.toMatch(/\((Bajo peso|Normal|Sobrepeso)\)/);
    // The somatotype is a calculated value: printed in that section, not under the growth heading after it.
    expect(text).toContain('Somatotipo (endo – meso – ecto)');
    expect(text.indexOf('Somatotipo (endo – meso – ecto)')).toBeGreaterThan(text.indexOf('Valores calculados'));
    expect(text.indexOf('Somatotipo (endo – meso – ecto)')).toBeLessThan(text.indexOf('Crecimiento (OMS 2007, 5 a 19 años)'));
  });

  it('writes a negative z-score with the true minus sign, as the record\'s panel and charts do (formatZScore)', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Bruno', lastName: 'Gil', sex: 'm', birthDate: '2023-03-01' });
    const created = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', measuredLying: false, measurements: { weightKg: 11.2, heightCm: 88 } });
    const weight = created.derived.growth.indicators.weightForAge;
    expect(weight.z).toBeLessThan(0);
    const { text } = pdfPages((await p.call('GET', `/api/v1/consultations/${created.id}/report.pdf`)).rawPayload);
    const [report, charts] = text.split('\f').map(squash);
    expect(formatZScore(weight.z)).toMatch(/^\u2212/);
    expect(report).toContain(`Peso para la edad z ${formatZScore(weight.z)} · P${formatEsAr(weight.percentile, 1)}`);
    // No z-score printed with a hyphen-minus.
    expect(report).not.toMatch(/z -\d/);
    // The curves' labels and the caption too: '−3 … +3'.
    expect(charts).toContain('Líneas: puntaje z \u22123 a +3 (0 = mediana)');
    expect(charts).toMatch(/\u22122/);
    expect(charts).not.toMatch(/(^|\s)-[123](\s|$)/);
  });

  it('draws a child\'s WHO growth charts on a last page: curves, axes and the visits up to this consultation; oedema said', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Tomás', lastName: 'Ríos', sex: 'm', birthDate: '2021-11-02' });
    const visit = (date: string, weightKg: number, heightCm: number, head: number, extra: Record<string, unknown> = {}) =>
      p.createConsultation(patient.id, { date, time: '10:00', measuredLying: false, measurements: { weightKg, heightCm, girthsCm: { head } }, ...extra });
    await visit('2025-03-10', 14.6, 97.5, 49.6);
    await visit('2025-07-10', 15.9, 100.2, 49.9);
    const third = await visit('2025-11-10', 16.4, 103.4, 50.2, { oedema: true });
    // A later visit is not on the third visit's report.
    await visit('2026-03-10', 17.8, 106, 50.4);
    const response = await p.call('GET', `/api/v1/consultations/${third.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    const { pages, text } = pdfPages(pdf);
    expect(pages).toBe(2);
    const charts = squash(text.split('\f')[1]!);
    expect(charts).toContain('Curvas de crecimiento (OMS)');
    expect(charts).toContain('Patrones de crecimiento infantil OMS 2006 (0 a 5 años), varones');
    expect(charts).toContain('mediciones del paciente hasta esta consulta (3)');
    for (const title of ['Peso para la edad (kg)', 'Talla para la edad (cm)', 'Peso para la talla (kg)', 'IMC para la edad (kg/m²)', 'Perímetro cefálico para la edad (cm)']) {
      expect(charts).toContain(title);
    }
    expect(charts).toContain('Edad (meses)');
    expect(charts).toContain('Talla (cm)');
    expect(squash(text)).toContain('Edema bilateral con fóvea Sí: no se interpretan los indicadores basados en el peso (OMS)');
    // With oedema at the third visit, its weight-based indicators are absent; the page still draws its height.
    expect(Object.keys(third.derived.growth.indicators).sort()).toEqual(['headCircumferenceForAge', 'heightForAge']);
    // The curves and the patient's points are drawn: the median's green and the patients' blue are on the page.
    const colours = pageColours(pdf, 2);
    expect(colours.get('2b8a3e')).toBeGreaterThan(200);
    expect(colours.get('1864ab')).toBeGreaterThan(50);
    // And not on the first page (the report itself).
    expect(pageColours(pdf, 1).get('1864ab') ?? 0).toBe(0);
  });

  it('for a 12-year-old draws BMI- and height-for-age by years (no weight-for-age after 10); an adult gets no chart page', async () => {
    const p = await practice(t);
    const girl = await p.createPatient({ firstName: 'Martina', lastName: 'Sosa', sex: 'f', birthDate: '2014-01-15' });
    await p.createConsultation(girl.id, { date: '2025-05-09', time: '10:00', measurements: { weightKg: 44.5, heightCm: 146 } });
    const latest = await p.createConsultation(girl.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 52, heightCm: 151.5 } });
    const child = pdfPages((await p.call('GET', `/api/v1/consultations/${latest.id}/report.pdf`)).rawPayload);
    expect(child.pages).toBe(2);
    const charts = squash(child.text.split('\f')[1]!);
    expect(charts).toContain('Referencia de crecimiento OMS 2007 (5 a 19 años), niñas');
    expect(charts).toContain('IMC para la edad (kg/m²)');
    expect(charts).toContain('Talla para la edad (cm)');
    expect(charts).not.toContain('Peso para la edad');
    expect(charts).toContain('Edad (años)');
    expect(charts).toContain('mediciones del paciente hasta esta consulta (2)');

    const adult = await p.createPatient({ firstName: 'Ana', lastName: 'Paz', sex: 'f', birthDate: '1990-02-02' });
    const visit = await p.createConsultation(adult.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 60, heightCm: 165 } });
    const grown = pdfPages((await p.call('GET', `/api/v1/consultations/${visit.id}/report.pdf`)).rawPayload);
    expect(grown.pages).toBe(1);
    expect(grown.text).not.toContain('Curvas de crecimiento');
  });

  it('answers a Spanish PDF with the brand, patient, measurements and derived values of a female athlete', async () => {
    const p = await practice(t);
    await t.database.db
      .updateTable('nutritionists')
      .set({ licence_number: 'MN 4521' })
      .where('id', '=', p.nutritionistId)
      .execute();
    const location = await p.createLocation('Consultorio Palermo');
    const patient = await p.createPatient({ firstName: 'Lucía', lastName: 'Fernández', sex: 'f', birthDate: '1998-05-20', typeId: 2 });
    const measurements = athleteMeasurements();
    const created = await p.createConsultation(patient.id, {
      date: '2026-03-09',
      time: '09:30',
      locationId: location.id,
      activityFactor: 1.725,
      measurements,
    });

    const response = await p.call('GET', `/api/v1/consultations/${created.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="consulta-fernandez-2026-03-09.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = squash(pdfText(pdf));
    const me = p.session.user as { firstName?: string; lastName?: string };
    expect(text).toContain('Informe de consulta');
    expect(text).toContain('Matrícula: MN 4521');
    if (me.firstName) expect(text).toContain(`Lic. ${me.firstName}`);
    expect(text).toContain('Lucía Fernández');
    expect(text).toContain('09-03-2026 09:30');
    expect(text).toContain('Consultorio Palermo');
    expect(text).toContain('Deportista');
    // Measurements, es-AR.
    expect(text).toContain('58,4 kg');
    expect(text).toContain('165,2 cm');
    expect(text).toMatch(/Gemelo \(pantorrilla medial\) 9,1 mm/);
    expect(text).toMatch(/Húmero \(biepicondilar\) 6,1 cm/);
    expect(text).toContain('19,5 %');

    // Derived values equal the domain's, rounded es-AR, with category and sources.
    const { derived } = computeAnthropometry({ sex: 'f', ageYears: 27, patientTypeId: 2, activityFactor: 1.725, measurements });
    expect(text).toContain(`${formatEsAr(derived.bmi!, 1)} kg/m² (Normal)`);
    expect(text).toContain(`${formatEsAr(derived.bodyFatPercent!, 1)} %`);
    expect(text).toContain(`${formatEsAr(derived.energyRequirementKcal!, 0)} kcal`);
    expect(text).toContain(`${formatEsAr(derived.sumSixSkinfoldsMm!, 1)} mm`);
    const s = derived.somatotype!;
    expect(text).toContain(`${formatEsAr(s.endomorphy!, 1)} – ${formatEsAr(s.mesomorphy!, 1)} – ${formatEsAr(s.ectomorphy!, 1)}`);
    expect(text).toContain('Mifflin-St Jeor (1990)');
    expect(text).toContain('Carter (1982) para deportistas');
    expect(text).toContain('Heath-Carter');
    expect(text).toContain('Lee y col. (2000)');
  });

  it('counts in the singular when there is one: "1 año", "9 semanas y 1 día", in the consultation and the record PDFs', async () => {
    const p = await practice(t);
    const toddler = await p.createPatient({ firstName: 'Lola', lastName: 'Paz', sex: 'f', birthDate: '2025-01-20' });
    const visit = await p.createConsultation(toddler.id, { date: '2026-03-09', time: '09:00', measurements: { weightKg: 10.2, heightCm: 79 } });
    const report = squash(pdfText((await p.call('GET', `/api/v1/consultations/${visit.id}/report.pdf`)).rawPayload));
    expect(report).toContain('Femenino, 1 año');
    expect(report).not.toMatch(/\b1 años\b/);
    const record = squash(pdfText((await p.call('GET', `/api/v1/patients/${toddler.id}/export.pdf`)).rawPayload));
    expect(record).toContain('20-01-2025 (1 año)');

    const mother = await p.createPatient({ firstName: 'Ana', lastName: 'Paz', sex: 'f', birthDate: '1994-05-01' });
    // FUM 64 days before the visit: 9 weeks and 1 day.
    const pregnant = await p.createConsultation(mother.id, {
      date: '2026-03-09',
      time: '10:00',
      measurements: { weightKg: 62, heightCm: 165 },
      pregnancy: { lastMenstrualPeriod: '2026-01-04', preGestationalWeightKg: 58 },
    });
    expect(pregnant.derived.gestationalAge).toMatchObject({ weeks: 9, days: 1 });
    const text = squash(pdfText((await p.call('GET', `/api/v1/consultations/${pregnant.id}/report.pdf`)).rawPayload));
    expect(text).toContain('9 semanas y 1 día');
    expect(text).not.toMatch(/\b1 días\b/);
  });

  it('says what could not be computed for a male generic patient, and another tenant gets 404', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Martín', lastName: 'Ruiz', sex: 'm', birthDate: '1985-01-10' });
    const measurements = genericMaleMeasurements();
    const created = await p.createConsultation(patient.id, { date: '2026-03-09', time: '18:05', measurements });
    const response = await p.call('GET', `/api/v1/consultations/${created.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    const text = squash(pdfText(response.rawPayload));
    const { derived } = computeAnthropometry({ sex: 'm', ageYears: 41, patientTypeId: 14, measurements });
    expect(text).toContain('Martín Ruiz');
    expect(text).toContain('Masculino, 41 años');
    expect(text).toContain(`${formatEsAr(derived.bmi!, 1)} kg/m² (Sobrepeso)`);
    expect(text).toContain('Yuhasz (1974)');
    // No licence on file: the line is left out, never "sin cargar".
    expect(text).not.toContain('Matrícula');
    expect(text).not.toContain('sin cargar');
    expect(text).toContain('X = ecto - endo');

    const other = await practice(t);
    const foreign = await other.call('GET', `/api/v1/consultations/${created.id}/report.pdf`);
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the text searchable without compression (no external tool needed)', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Ana', lastName: 'Paz', sex: 'f', birthDate: '1990-02-02' });
    const created = await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 1401.5 / 20 } });
    const consultation = (await p.call('GET', `/api/v1/consultations/${created.id}`)).json();
    const pdf = await renderConsultationReport(
      {
        consultation,
        nutritionist: { firstName: 'Valeria', lastName: 'Gómez', licenceNumber: 'MP 77' },
        patient: { firstName: 'Ana', lastName: 'Paz' },
        locationName: null,
        serviceName: null,
      },
      { compress: false },
    );
    const text = rawText(pdf);
    expect(text).toContain('Lic. Valeria Gómez');
    expect(text).toContain('Matrícula: MP 77');
    expect(text).toContain('70,1 kg');
    expect(text).toContain('falta la talla');
  });
});
