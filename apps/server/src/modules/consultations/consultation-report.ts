// The consultation PDF report (GET /consultations/{id}/report.pdf): branded with the nutritionist's name and
// licence number, the patient, date and place, every measurement taken, and the derived values with their
// categories and the names of the sources of each formula — in Spanish, numbers in es-AR form. The values
// are those of GET /consultations/{id} (computed by packages/domain); this file only lays them out.
// Its few reads (names only) live here rather than in the repository so the report stays one module.
import type { Kysely } from 'kysely';
import { GROWTH_INDICATOR_KEYS, type Consultation, type Derived, type GrowthClassificationKey, type GrowthIndicatorName, type MissingInput } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { drawLetterhead, PDF_BRAND_COLOUR, startPdf, textWithMinus } from '../../lib/pdf.js';
import { countOf } from '../../lib/spanish-count.js';
import { createBrandingService } from '../branding/branding.service.js';
import { createConsultationsService } from './consultations.service.js';
import { drawGrowthChartsPage } from './growth-report-charts.js';
import { formatZScore, type GrowthVisit } from '@almendra/domain/growth';

type Scope = { nutritionistId: string };

const BMI_LABELS: Record<string, string> = {
  underweight: 'Bajo peso',
  normal: 'Normal',
  overweight: 'Sobrepeso',
  obesity1: 'Obesidad 1°',
  obesity2: 'Obesidad 2°',
  obesity3: 'Obesidad 3°',
};

const SKINFOLDS: Array<[string, string]> = [
  ['triceps', 'Tricipital'],
  ['biceps', 'Bicipital'],
  ['subscapular', 'Subescapular'],
  ['axillary', 'Axilar'],
  ['pectoral', 'Pectoral'],
  ['suprailiac', 'Suprailíaco'],
  ['supraspinale', 'Supraespinal'],
  ['abdominal', 'Abdominal'],
  ['thigh', 'Muslo'],
  ['leg', 'Pierna'],
  ['calf', 'Gemelo (pantorrilla medial)'],
];
const GIRTHS: Array<[string, string]> = [
  ['neck', 'Cuello'],
  ['chest', 'Tórax (busto)'],
  ['waist', 'Cintura'],
  ['hip', 'Cadera'],
  ['glute', 'Glúteo'],
  ['thigh', 'Muslo'],
  ['knee', 'Rodilla'],
  ['calf', 'Pantorrilla'],
  ['shoulders', 'Hombros'],
  ['armRelaxed', 'Brazo relajado'],
  ['armFlexed', 'Brazo contraído'],
  ['forearm', 'Antebrazo'],
  ['wrist', 'Muñeca'],
  ['abdomen', 'Abdomen'],
  ['ankle', 'Tobillo'],
  ['head', 'Cefálico'],
];
const BREADTHS: Array<[string, string]> = [
  ['humerus', 'Húmero (biepicondilar)'],
  ['femur', 'Fémur (bicondilar)'],
  ['wrist', 'Muñeca (biestiloideo)'],
];
const BIOIMPEDANCE: Array<[string, string, string, number]> = [
  ['fatPercent', 'Grasa', '%', 1],
  ['visceralFat', 'Grasa visceral (nivel)', '', 0],
  ['visceralFatKg', 'Grasa visceral', 'kg', 1],
  ['totalWaterPercent', 'Agua corporal total', '%', 1],
  ['totalWaterKg', 'Agua corporal total', 'kg', 1],
  ['muscleMassKg', 'Masa muscular', 'kg', 1],
  ['deviceBmrKcal', 'Metabolismo basal del equipo', 'kcal', 0],
];

type NumericKey = Exclude<keyof Derived, 'bmiCategory' | 'somatotype' | 'suggestedGestationalGainKg' | 'gestationalAge' | 'dueDate' | 'growth' | 'energyMethod'>;

/** Derived values in report order: label, decimals, unit, and the source(s) named in docs/formulas.md. */
function derivedRows(athlete: boolean): Array<{ key: NumericKey; label: string; decimals: number; unit: string; source: string }> {
  return [
    { key: 'bmi', label: 'IMC', decimals: 1, unit: 'kg/m²', source: 'OMS (2000), Serie de Informes Técnicos 894' },
    { key: 'bmrKcal', label: 'Metabolismo basal', decimals: 0, unit: 'kcal', source: 'Mifflin-St Jeor (1990)' },
    { key: 'energyRequirementKcal', label: 'VCT (gasto energético total)', decimals: 0, unit: 'kcal', source: 'Mifflin-St Jeor (1990) × factor de actividad' },
    { key: 'sumSixSkinfoldsMm', label: 'Suma de 6 pliegues', decimals: 1, unit: 'mm', source: 'ISAK (Stewart y col., 2011)' },
    {
      key: 'bodyFatPercent',
      label: 'Grasa corporal',
      decimals: 1,
      unit: '%',
      source: athlete ? 'Yuhasz (1974) modificada por Carter (1982) para deportistas' : 'Yuhasz (1974)',
    },
    { key: 'fatMassKg', label: 'Masa grasa', decimals: 1, unit: 'kg', source: 'Yuhasz (1974)' },
    { key: 'leanMassKg', label: 'Masa magra', decimals: 1, unit: 'kg', source: 'Peso - masa grasa' },
    { key: 'idealWeightKg', label: 'Peso ideal', decimals: 1, unit: 'kg', source: 'Lemmens, Brodsky y Bernstein (2005): IMC 22 × talla²' },
    { key: 'skeletalMuscleMassKg', label: 'Masa muscular esquelética', decimals: 1, unit: 'kg', source: 'Lee y col. (2000)' },
    { key: 'skeletalMusclePercent', label: 'Masa muscular esquelética', decimals: 1, unit: '%', source: 'Lee y col. (2000) / peso' },
    { key: 'muscleMassKg', label: 'Masa muscular', decimals: 1, unit: 'kg', source: 'De Rose y Guimarães (1980), por diferencia' },
    { key: 'boneMassKg', label: 'Masa ósea', decimals: 1, unit: 'kg', source: 'Von Döbeln (1964) modificada por Rocha (1975)' },
    { key: 'boneMassPercent', label: 'Masa ósea', decimals: 1, unit: '%', source: 'Rocha (1975) / peso' },
    { key: 'residualMassKg', label: 'Masa residual', decimals: 1, unit: 'kg', source: 'Würch (1974)' },
    { key: 'armMuscleAreaCm2', label: 'Área muscular del brazo', decimals: 1, unit: 'cm²', source: 'Frisancho (1981); Heymsfield y col. (1982)' },
    { key: 'armFatAreaCm2', label: 'Área grasa del brazo', decimals: 1, unit: 'cm²', source: 'Frisancho (1981)' },
  ];
}

const REASONS: Record<string, string> = {
  MISSING_WEIGHT: 'falta el peso',
  MISSING_HEIGHT: 'falta la talla',
  MISSING_AGE: 'falta la fecha de nacimiento del paciente',
  MISSING_SKINFOLDS: 'faltan pliegues',
  MISSING_GIRTHS: 'faltan perímetros',
  MISSING_BREADTHS: 'faltan diámetros',
  FALTA_PESO_CALCULO_MASA_GRASA: 'falta el peso para calcular la masa grasa',
  MISSING_PRE_PREGNANCY_WEIGHT: 'falta el peso pregestacional',
  MISSING_DATES: 'falta la fecha de última menstruación (FUM)',
  INVALID_DATE: 'la fecha no es válida',
  INVALID_ACTIVITY_FACTOR: 'el factor de actividad no es válido',
  INVALID_RACE_TERM: 'el término étnico no es válido',
  INCONSISTENT_MEASUREMENTS: 'las medidas no son coherentes entre sí',
  NOT_APPLICABLE_SEX: 'no corresponde para el sexo del paciente',
  MISSING_SEX: 'falta el sexo del paciente en su ficha',
  PEDIATRIC_WHO: 'menor de 19 años: se evalúa con las referencias de crecimiento de la OMS',
};

/** WHO growth indicators and classification keys as printed (docs/formulas.md). */
const GROWTH_LABELS: Record<GrowthIndicatorName, string> = {
  weightForAge: 'Peso para la edad',
  heightForAge: 'Talla para la edad',
  bmiForAge: 'IMC para la edad',
  weightForHeight: 'Peso para la talla',
  headCircumferenceForAge: 'Perímetro cefálico para la edad',
};
const GROWTH_CLASS_LABELS: Record<GrowthClassificationKey, string> = {
  normal: 'Normal',
  severeWasting: 'Emaciación severa',
  wasting: 'Emaciación',
  possibleRiskOfOverweight: 'Posible riesgo de sobrepeso',
  overweight: 'Sobrepeso',
  obesity: 'Obesidad',
  severeThinness: 'Delgadez severa',
  thinness: 'Delgadez',
  severeStunting: 'Baja talla severa',
  stunting: 'Baja talla',
  veryTall: 'Talla muy alta',
  severeUnderweight: 'Bajo peso severo',
  underweight: 'Bajo peso',
  possibleGrowthProblem: 'Posible problema de crecimiento',
  microcephaly: 'Microcefalia',
  macrocephaly: 'Macrocefalia',
  implausible: 'Revisar medición',
};

const numberFormats = new Map<number, Intl.NumberFormat>();
/** 1401.5 → '1.401,5' (es-AR). */
export function formatEsAr(value: number, decimals: number): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('es-AR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(value);
}

const withUnit = (value: number, decimals: number, unit: string) => (unit ? `${formatEsAr(value, decimals)} ${unit}` : formatEsAr(value, decimals));
const dmy = (date: string) => date.split('-').reverse().join('-');

export interface ReportData {
  consultation: Consultation;
  /** contact ('email · phone') and logo print in the letterhead when given. */
  nutritionist: { firstName: string; lastName: string; licenceNumber: string | null; contact?: string; logo?: Buffer | null };
  patient: { firstName: string; lastName: string };
  locationName: string | null;
  serviceName: string | null;
  /**
   * A child's visits in the band of this consultation up to it, oldest first: drawn over the WHO curves on
   * a last page. Absent or empty for an adult (no page).
   */
  growthVisits?: GrowthVisit[];
}

/** Lays the report out; resolves the whole PDF. `compress: false` keeps the text searchable in tests. */
export function renderConsultationReport(data: ReportData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { consultation: c, nutritionist, patient } = data;
  const { doc, done } = startPdf({
    title: `Informe de consulta — ${patient.firstName} ${patient.lastName} — ${dmy(c.date)}`,
    author: `${nutritionist.firstName} ${nutritionist.lastName}`,
    margin: 50,
    compress: options.compress,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const brand = PDF_BRAND_COLOUR;

  // Header: the nutritionist's brand.
  drawLetterhead(
    doc,
    { name: `${nutritionist.firstName} ${nutritionist.lastName}`, licenceNumber: nutritionist.licenceNumber, contact: nutritionist.contact, logo: nutritionist.logo },
  );

  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text('Informe de consulta');
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  line('Paciente', `${patient.firstName} ${patient.lastName}`);
  line('Fecha', `${dmy(c.date)} ${c.time}`);
  const sex = c.basis.sex === 'f' ? 'Femenino' : c.basis.sex === 'm' ? 'Masculino' : 'Sin cargar';
  line('Sexo y edad', `${sex}, ${c.basis.ageYears === null ? 'edad desconocida' : countOf(c.basis.ageYears, 'año', 'años')}`);
  if (c.basis.patientTypeId === 2) line('Tipo de paciente', 'Deportista');
  if (data.locationName) line('Lugar de atención', data.serviceName ? `${data.locationName} · ${data.serviceName}` : data.locationName);
  if (c.activityFactor !== null) line('Factor de actividad', String(c.activityFactor).replace('.', ','));

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(brand).text(text, left);
    doc.moveDown(0.2);
    doc.font('Helvetica').fontSize(10).fillColor('#000000');
  };

  /** Two-column rows (label · value), or four columns when a source is given. */
  const row = (label: string, value: string, extra?: string) => {
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    const labelWidth = extra ? width * 0.34 : width * 0.55;
    const valueWidth = extra ? width * 0.26 : width * 0.45;
    doc.font('Helvetica').text(label, left, y, { width: labelWidth - 6 });
    const afterLabel = doc.y;
    doc.font('Helvetica-Bold');
    textWithMinus(doc, value, left + labelWidth, y, { width: valueWidth - 6 });
    let bottom = Math.max(afterLabel, doc.y);
    if (extra) {
      doc.font('Helvetica').fontSize(8).fillColor('#555555').text(extra, left + labelWidth + valueWidth, y + 1, { width: width - labelWidth - valueWidth });
      bottom = Math.max(bottom, doc.y);
      doc.fontSize(10).fillColor('#000000');
    }
    doc.x = left;
    doc.y = bottom + 2;
  };

  const m = c.measurements;
  heading('Medidas');
  const body: Array<[string, number | null, string]> = [
    ['Peso', m.weightKg, 'kg'],
    ['Talla', m.heightCm, 'cm'],
    ['Peso habitual', m.usualWeightKg, 'kg'],
    ['Peso objetivo', m.targetWeightKg, 'kg'],
  ];
  for (const [label, value, unit] of body) if (value !== null) row(label, withUnit(value, 1, unit));

  const group = (title: string, sites: Array<[string, string]>, values: Record<string, number | null>, unit: string) => {
    const taken = sites.filter(([key]) => values[key] !== null && values[key] !== undefined);
    if (taken.length === 0) return;
    heading(title);
    for (const [key, label] of taken) row(label, withUnit(values[key] as number, 1, unit));
  };
  group('Pliegues cutáneos', SKINFOLDS, m.skinfoldsMm, 'mm');
  group('Perímetros', GIRTHS, m.girthsCm, 'cm');
  group('Diámetros óseos', BREADTHS, m.breadthsCm, 'cm');
  const bio = BIOIMPEDANCE.filter(([key]) => (m.bioimpedance as Record<string, number | null>)[key] !== null);
  if (bio.length > 0) {
    heading('Bioimpedancia');
    for (const [key, label, unit, decimals] of bio) row(label, withUnit((m.bioimpedance as Record<string, number>)[key]!, decimals, unit));
  }

  const d = c.derived;
  heading('Valores calculados');
  for (const r of derivedRows(c.basis.patientTypeId === 2)) {
    const value = d[r.key];
    if (value === null || value === undefined) continue;
    let text = withUnit(value, r.decimals, r.unit);
    if (r.key === 'bmi' && d.bmiCategory) text += ` (${BMI_LABELS[d.bmiCategory] ?? d.bmiCategory})`;
    const source = r.key === 'energyRequirementKcal' && d.energyMethod === 'iom2005' ? 'IOM (2005), requerimiento estimado para niños y adolescentes' : r.source;
    row(r.label, text, source);
  }
  if (d.somatotype) {
    const s = d.somatotype;
    row(
      'Somatotipo (endo – meso – ecto)',
      [s.endomorphy, s.mesomorphy, s.ectomorphy].map((v) => (v === null ? '—' : formatEsAr(v, 1))).join(' – '),
      'Heath-Carter (Carter y Heath, 1990)',
    );
    if (s.x !== null && s.y !== null) {
      row('Somatocarta (X, Y)', `${formatEsAr(s.x, 1)}; ${formatEsAr(s.y, 1)}`, 'X = ecto - endo; Y = 2·meso - (endo + ecto)');
    }
  }
  if (d.gestationalAge) row('Edad gestacional', `${countOf(d.gestationalAge.weeks, 'semana', 'semanas')} y ${countOf(d.gestationalAge.days, 'día', 'días')}`, 'Desde la FUM');
  if (d.dueDate) row('Fecha probable de parto', dmy(d.dueDate), 'Regla de Naegele (ACOG, 2017)');
  if (d.suggestedGestationalGainKg) {
    const g = d.suggestedGestationalGainKg;
    row('Aumento de peso sugerido', `${formatEsAr(g.min, 1)} a ${formatEsAr(g.max, 1)} kg`, 'IOM (2009)');
  }
  // The WHO growth section last: it has its own heading, so rows after it would read as growth rows.
  if (d.growth) {
    const g = d.growth;
    heading(`Crecimiento (OMS ${g.reference === 'who2006' ? '2006, 0 a 5 años' : '2007, 5 a 19 años'})`);
    const age = g.reference === 'who2006' ? `${countOf(g.ageDays, 'día', 'días')} (${formatEsAr(g.ageMonths, 1)} meses)` : `${formatEsAr(g.ageMonths, 1)} meses`;
    row('Edad', age);
    if (c.oedema) row('Edema bilateral con fóvea', 'Sí: no se interpretan los indicadores basados en el peso (OMS)');
    for (const key of GROWTH_INDICATOR_KEYS) {
      const value = g.indicators[key];
      if (!value) continue;
      // The same formatter as the record's panel and charts: '−1,20' with the true minus sign.
      row(GROWTH_LABELS[key], `z ${formatZScore(value.z, { locale: 'es-AR' })} · P${formatEsAr(value.percentile, 1)} · ${GROWTH_CLASS_LABELS[value.classification]}`);
    }
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text('Patrones de crecimiento infantil de la OMS (2006) y referencia de crecimiento OMS 2007, calculados como WHO Anthro / AnthroPlus.', left, doc.y, { width });
    doc.fontSize(10).fillColor('#000000');
  }

  const missing = c.missing.filter((entry: MissingInput, index, all) => all.findIndex((e) => e.result === entry.result) === index);
  if (missing.length > 0) {
    heading('No calculado');
    const labels = new Map<string, string>(derivedRows(false).map((r) => [r.key, r.label]));
    labels.set('somatotype', 'Somatotipo');
    labels.set('bmiCategory', 'Categoría de IMC');
    labels.set('gestationalAge', 'Edad gestacional');
    labels.set('dueDate', 'Fecha probable de parto');
    labels.set('suggestedGestationalGainKg', 'Aumento de peso sugerido');
    for (const entry of missing) row(labels.get(entry.result) ?? entry.result, REASONS[entry.reason] ?? entry.reason);
  }

  if (c.summaryNote) {
    heading('Próximos pasos');
    doc.text(c.summaryNote, left, doc.y, { width });
  }

  doc.moveDown(1.5);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('Valores calculados con las fórmulas publicadas que se citan en cada fila; redondeados para su presentación.', left, doc.y, { width });
  if (d.growth && c.basis.sex && data.growthVisits && data.growthVisits.length > 0) {
    drawGrowthChartsPage(doc, { sex: c.basis.sex, band: d.growth.reference, visits: data.growthVisits });
  }
  doc.end();
  return done;
}

/** Reads what the report needs (tenant-scoped: another nutritionist's id answers 404 from the service). */
export function createConsultationReporter(deps: { db: Kysely<DB>; clock: Clock; dataDir: string }) {
  const service = createConsultationsService(deps);
  const branding = createBrandingService(deps);
  const { db } = deps;
  return async (scope: Scope, id: string): Promise<{ pdf: Buffer; fileName: string }> => {
    const consultation = await service.get(scope, id);
    const band = consultation.derived.growth?.reference ?? null;
    const [letterhead, nutritionist, patient, location, serviceRow, evolution] = await Promise.all([
      branding.letterhead(scope),
      db.selectFrom('nutritionists').select(['first_name', 'last_name']).where('id', '=', scope.nutritionistId).executeTakeFirst(),
      db
        .selectFrom('patients')
        .select(['first_name', 'last_name'])
        .where('id', '=', consultation.patientId)
        .where('nutritionist_id', '=', scope.nutritionistId)
        .executeTakeFirstOrThrow(),
      consultation.locationId
        ? db.selectFrom('locations').select('name').where('id', '=', consultation.locationId).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst()
        : undefined,
      consultation.serviceId
        ? db.selectFrom('services').select('name').where('id', '=', consultation.serviceId).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst()
        : undefined,
      band ? service.evolution(scope, consultation.patientId) : undefined,
    ]);
    // The charts show the child as of this report: visits up to this one (oldest first), in its age band.
    const upTo = evolution ? evolution.points.findIndex((point) => point.consultationId === consultation.id) : -1;
    const growthVisits: GrowthVisit[] = (evolution?.points.slice(0, upTo + 1) ?? []).flatMap((point) =>
      point.growth && point.growth.reference === band ? [{ ...point, growth: point.growth }] : [],
    );
    const pdf = await renderConsultationReport({
      consultation,
      nutritionist: {
        firstName: nutritionist?.first_name ?? '',
        lastName: nutritionist?.last_name ?? '',
        licenceNumber: letterhead.licenceNumber,
        contact: letterhead.contact,
        logo: letterhead.logo,
      },
      patient: { firstName: patient.first_name, lastName: patient.last_name },
      locationName: location?.name ?? null,
      serviceName: serviceRow?.name ?? null,
      growthVisits,
    });
    const slug = `${patient.last_name}-${consultation.date}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-');
    return { pdf, fileName: `consulta-${slug}.pdf` };
  };
}
