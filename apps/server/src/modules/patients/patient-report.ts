// The per-patient PDF summary (GET /patients/{id}/export.pdf): the same content as the JSON export laid out
// for a person to read — personal data, every record section and a table of consultations — in Spanish with
// es-AR numbers and dd-mm-yyyy dates, in the house style of the consultation report (nutritionist's name and
// licence on top, green headings). It is what the patient receives when exercising the right of access
// (Ley 25.326), so it names no internal ids and leaves the audit trail to the JSON export.
import { BACKGROUND_CONDITIONS, type PatientExport } from '@almendra/contracts';
import { drawLetterhead, PDF_BRAND_COLOUR, startPdf } from '../../lib/pdf.js';
import { countOf } from '../../lib/spanish-count.js';

export interface PatientReportData {
  record: PatientExport;
  /** contact ('email · phone') and logo print in the letterhead when given. */
  nutritionist: { firstName: string; lastName: string; licenceNumber: string | null; contact?: string; logo?: Buffer | null };
  typeName: string | null;
  locationName: string | null;
  /** The practice's date and time of the export, 'dd-mm-yyyy HH:mm'. */
  generatedAt: string;
}

const CONDITION_LABELS: Record<(typeof BACKGROUND_CONDITIONS)[number], string> = {
  diabetes: 'Diabetes',
  hypertension: 'Hipertensión',
  dyslipidemia: 'Dislipidemia',
  thyroidDisease: 'Enfermedad tiroidea',
  celiacDisease: 'Celiaquía',
  kidneyDisease: 'Enfermedad renal',
  liverDisease: 'Enfermedad hepática',
  cardiovascularDisease: 'Enfermedad cardiovascular',
  gastrointestinalDisease: 'Enfermedad gastrointestinal',
  anemia: 'Anemia',
  eatingDisorder: 'Trastorno de la conducta alimentaria',
  polycysticOvarySyndrome: 'Síndrome de ovario poliquístico',
  osteoporosis: 'Osteoporosis',
  cancer: 'Cáncer',
};
const ALCOHOL: Record<string, string> = { none: 'No consume', occasional: 'Ocasional', weekly: 'Semanal', daily: 'Diario' };
const SMOKING: Record<string, string> = { never: 'Nunca fumó', former: 'Ex fumador', current: 'Fuma' };
const APPETITE: Record<string, string> = { low: 'Bajo', normal: 'Normal', high: 'Aumentado' };
const INTENSITY: Record<string, string> = { low: 'Baja', moderate: 'Moderada', high: 'Alta' };
const OUTCOME: Record<string, string> = { birth: 'Nacimiento', loss: 'Pérdida', other: 'Otro' };

const formats = new Map<number, Intl.NumberFormat>();
/** 1401.5 → '1.401,5'; at most `decimals` decimals, no trailing zeros. */
function num(value: number, decimals = 1): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('es-AR', { maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}
const dmy = (date: string | null) => (date ? date.slice(0, 10).split('-').reverse().join('-') : '');

/** Lays the summary out; resolves the whole PDF. `compress: false` keeps the text searchable in tests. */
export function renderPatientReport(data: PatientReportData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { record, nutritionist } = data;
  const p = record.patient;
  const { doc, done } = startPdf({
    title: `Ficha del paciente — ${p.firstName} ${p.lastName}`,
    author: `${nutritionist.firstName} ${nutritionist.lastName}`,
    margin: 50,
    compress: options.compress,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const brand = PDF_BRAND_COLOUR;

  drawLetterhead(
    doc,
    { name: `${nutritionist.firstName} ${nutritionist.lastName}`, licenceNumber: nutritionist.licenceNumber, contact: nutritionist.contact, logo: nutritionist.logo },
  );
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text(`Ficha del paciente: ${p.firstName} ${p.lastName}`);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`Generada el ${data.generatedAt}`);
  doc.fillColor('#000000').fontSize(10);

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(brand).text(text, left);
    doc.moveDown(0.2);
    doc.font('Helvetica').fontSize(10).fillColor('#000000');
  };
  const row = (label: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    const labelWidth = width * 0.34;
    doc.font('Helvetica').text(label, left, y, { width: labelWidth - 6 });
    const afterLabel = doc.y;
    doc.font('Helvetica-Bold').text(value, left + labelWidth, y, { width: width - labelWidth });
    doc.x = left;
    doc.y = Math.max(afterLabel, doc.y) + 2;
    doc.font('Helvetica');
  };
  const none = (text: string) => doc.font('Helvetica-Oblique').fillColor('#555555').text(text, left).font('Helvetica').fillColor('#000000');
  /** A table with fixed relative column widths; a header row in bold. */
  const table = (headers: string[], widths: number[], rows: string[][]) => {
    const draw = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - 70) doc.addPage();
      const y = doc.y;
      let x = left;
      let bottom = y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((cell, i) => {
        const w = width * widths[i]!;
        doc.text(cell, x, y, { width: w - 6 });
        bottom = Math.max(bottom, doc.y);
        x += w;
      });
      doc.x = left;
      doc.y = bottom + 3;
    };
    draw(headers, true);
    for (const cells of rows) draw(cells, false);
    doc.fontSize(10).font('Helvetica');
  };

  heading('Datos personales');
  row('Nombre y apellido', `${p.firstName} ${p.lastName}`);
  row('Fecha de nacimiento', p.birthDate ? `${dmy(p.birthDate)}${p.ageYears !== null ? ` (${countOf(p.ageYears, 'año', 'años')})` : ''}` : null);
  row('Sexo', p.sex === 'f' ? 'Femenino' : p.sex === 'm' ? 'Masculino' : null);
  row('Documento', p.documentNumber);
  row('Teléfono', p.phone);
  row('Celular', p.mobileNumber ? `${p.mobileAreaCode ? `(${p.mobileAreaCode}) ` : ''}${p.mobileNumber}` : null);
  row('Correo electrónico', p.email);
  row('Domicilio', [p.address, p.city, p.province].filter(Boolean).join(', '));
  row('Obra social', p.healthInsurance ? `${p.healthInsurance}${p.memberNumber ? ` · socio ${p.memberNumber}` : ''}` : null);
  row('Profesión', p.profession);
  row('Tipo de paciente', data.typeName);
  row('Lugar de atención', data.locationName);
  row('Talla', p.heightCm !== null ? `${num(p.heightCm)} cm` : null);
  row('Paciente desde', dmy(p.startDate));
  row('Referido por', p.referredBy);
  row('Motivo de consulta', p.reasonForConsultation);
  row('Objetivo', p.goal);
  row('Recordatorios de turnos por correo', p.remindersOptOut ? 'No desea recibirlos' : 'Sí');

  heading('Seguimiento del embarazo');
  if (record.pregnancies.length === 0) none('Sin embarazos registrados.');
  for (const pregnancy of record.pregnancies) {
    row('FUM', dmy(pregnancy.lastMenstrualPeriod));
    row('Fecha probable de parto', dmy(pregnancy.dueDate));
    row(
      'Estado',
      pregnancy.status === 'open'
        ? `En curso: semana ${pregnancy.gestationalWeek} + ${countOf(pregnancy.gestationalDays, 'día', 'días')}`
        : `Finalizado el ${dmy(pregnancy.endDate)}${pregnancy.outcome ? ` (${OUTCOME[pregnancy.outcome]})` : ''}`,
    );
    row('Peso pregestacional', pregnancy.preGestationalWeightKg !== null ? `${num(pregnancy.preGestationalWeightKg)} kg` : null);
    row(
      'Aumento recomendado (IOM 2009)',
      pregnancy.recommendedGainKg ? `${num(pregnancy.recommendedGainKg.min)} a ${num(pregnancy.recommendedGainKg.max)} kg` : null,
    );
    if (pregnancy.weights.length > 0) {
      table(
        ['Fecha', 'Semana', 'Peso', 'Aumento'],
        [0.3, 0.2, 0.25, 0.25],
        pregnancy.weights.map((w) => [dmy(w.date), String(w.gestationalWeek), `${num(w.weightKg)} kg`, w.gainKg === null ? '' : `${num(w.gainKg)} kg`]),
      );
    }
    row('Notas', pregnancy.notes);
    doc.moveDown(0.3);
  }

  heading('Antecedentes patológicos');
  const background = record.background;
  const conditions = BACKGROUND_CONDITIONS.filter((c) => background.conditions[c]).map((c) => CONDITION_LABELS[c]);
  row('Condiciones', conditions.length > 0 ? conditions.join(', ') : 'Ninguna marcada');
  row('Otras enfermedades', background.diseases);
  row('Cirugías', background.surgeries);
  row('Medicación', background.medications);
  row('Alergias', background.allergies);
  row('Intolerancias alimentarias', background.foodIntolerances);
  row('Antecedentes familiares', background.familyHistory);
  row('Observaciones', background.notes);

  heading('Hábitos');
  const h = record.habits;
  if (h.version === 0) none('Sin hábitos registrados.');
  row('Comidas por día', h.mealsPerDay === null ? null : String(h.mealsPerDay));
  row('Agua por día', h.waterLitersPerDay === null ? null : `${num(h.waterLitersPerDay)} litros`);
  row('Horas de sueño', h.sleepHoursPerDay === null ? null : num(h.sleepHoursPerDay));
  row('Deposiciones por semana', h.bowelMovementsPerWeek === null ? null : String(h.bowelMovementsPerWeek));
  row('Alcohol', h.alcohol ? ALCOHOL[h.alcohol] : null);
  row('Tabaquismo', h.smoking ? `${SMOKING[h.smoking]}${h.cigarettesPerDay ? ` (${h.cigarettesPerDay} por día)` : ''}` : null);
  row('Tazas de café por día', h.caffeineCupsPerDay === null ? null : String(h.caffeineCupsPerDay));
  row('Apetito', h.appetite ? APPETITE[h.appetite] : null);
  row('Quién cocina en casa', h.whoCooks);
  row('Comidas fuera de casa por semana', h.eatsOutPerWeek === null ? null : String(h.eatsOutPerWeek));
  row('Observaciones', h.notes);

  heading('Análisis de laboratorio');
  if (record.labResults.length === 0) none('Sin análisis registrados.');
  else {
    table(
      ['Fecha', 'Análisis', 'Valor', 'Referencia', 'Fuera de rango'],
      [0.16, 0.3, 0.2, 0.22, 0.12],
      record.labResults.map((lab) => [
        dmy(lab.date),
        lab.analyte,
        `${num(lab.value, 2)}${lab.unit ? ` ${lab.unit}` : ''}`,
        lab.referenceMin !== null || lab.referenceMax !== null
          ? `${lab.referenceMin !== null ? num(lab.referenceMin, 2) : '…'} – ${lab.referenceMax !== null ? num(lab.referenceMax, 2) : '…'}`
          : '',
        lab.outOfRange === 'high' ? 'Alto' : lab.outOfRange === 'low' ? 'Bajo' : '',
      ]),
    );
  }

  heading('Actividad física');
  if (record.activities.length === 0) none('Sin actividades registradas.');
  else {
    table(
      ['Actividad', 'Veces por semana', 'Duración', 'Intensidad'],
      [0.4, 0.2, 0.2, 0.2],
      record.activities.map((a) => [a.activity, String(a.frequencyPerWeek), `${a.durationMinutes} min`, INTENSITY[a.intensity] ?? a.intensity]),
    );
  }

  heading('Recordatorios');
  if (record.reminders.length === 0) none('Sin recordatorios.');
  for (const reminder of record.reminders) {
    row(reminder.dueDate ? dmy(reminder.dueDate) : 'Sin fecha', `${reminder.text}${reminder.done ? ' (hecho)' : ''}`);
  }

  heading('Consultas');
  if (record.consultations.length === 0) none('Sin consultas registradas.');
  else {
    table(
      ['Fecha', 'Peso', 'IMC', 'Grasa corporal', 'Próximos pasos'],
      [0.16, 0.14, 0.12, 0.16, 0.42],
      record.consultations.map((c) => [
        `${dmy(c.date)} ${c.time}`,
        c.measurements.weightKg !== null ? `${num(c.measurements.weightKg)} kg` : '',
        c.derived.bmi !== null ? num(c.derived.bmi) : '',
        c.derived.bodyFatPercent !== null ? `${num(c.derived.bodyFatPercent)} %` : '',
        c.summaryNote ?? '',
      ]),
    );
  }

  doc.moveDown(1.5);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(
      'Resumen de los datos de salud guardados sobre el paciente (derecho de acceso, Ley 25.326). El detalle completo, con el historial de cambios, está en la exportación JSON.',
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
