// The consultation PDF report: branded with the nutritionist's name and licence number, the patient, the
// date, every measurement and the derived values (es-AR numbers, BMI category, source names) — read back
// as text from the PDF the API answers. Tenant scope: another nutritionist's consultation answers 404.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAnthropometry } from '@almendra/domain';
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
