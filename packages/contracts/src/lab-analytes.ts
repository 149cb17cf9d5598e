// Lab analytes with their usual unit and adult reference range. Plain data without zod, so a screen
// that only needs the catalogue (the record's lab section) does not evaluate the contracts' schemas
// (see constants.ts).
import { foldText } from './fold-text.js';
import type { PatientSex } from './patients.js';

export interface LabAnalyte {
  /** Stable key (English). */
  key: string;
  /** Spanish name as Argentine lab reports print it; the analyte field stores this text. */
  name: string;
  unit: string;
  /** Adult reference range; null = no bound on that side. */
  referenceMin: number | null;
  referenceMax: number | null;
  /** Sex-specific adult ranges where they differ; they replace the general one. */
  bySex?: Partial<Record<PatientSex, { referenceMin: number | null; referenceMax: number | null }>>;
}

/**
 * Suggested analytes with their usual unit and adult reference range. Ranges vary between
 * laboratories: these are defaults the nutritionist can overwrite on every result. Sources:
 * - Glucose, HbA1c: American Diabetes Association, Standards of Care in Diabetes—2024, section 2
 *   (normal fasting glucose < 100 mg/dL; HbA1c < 5.7 %); lower glucose bound 70 mg/dL (level 1
 *   hypoglycaemia, section 6).
 * - Lipids: NCEP Adult Treatment Panel III (2001/2002): total cholesterol < 200 desirable,
 *   LDL < 100 optimal and 100–129 near-optimal (the default bound is 129: 130 is "borderline high"),
 *   HDL < 40 low (≥ 50 desirable for women in later guidelines), triglycerides < 150 mg/dL.
 * - Haemoglobin: WHO 2011, Haemoglobin concentrations for the diagnosis of anaemia (anaemia below
 *   12 g/dL in non-pregnant women, 13 g/dL in men); upper bounds and the remaining analytes: MedlinePlus
 *   (U.S. National Library of Medicine) medical test pages, "normal results" sections.
 * - Ferritin lower bound: WHO 2020 guideline on ferritin (< 15 µg/L = iron deficiency in adults).
 * - Urea is reported as urea (not BUN) as Argentine labs print it: BUN 7–20 mg/dL × 2.14 ≈ 15–45 mg/dL.
 * - Vitamin D (25-OH): Institute of Medicine 2011 (≥ 20 ng/mL adequate for bone health); upper 100
 *   ng/mL per the Endocrine Society 2011 guideline.
 *
 * Bounds are inclusive (a value equal to a bound is in range), so a guideline written as "< X" is stored
 * as the last normal value at the precision labs report it: fasting glucose "< 100" → 99 (100 mg/dL is
 * already impaired fasting glucose, ADA 2024), total cholesterol "< 200" → 199, LDL "< 130" → 129,
 * triglycerides "< 150" → 149 (ATP III), HbA1c "< 5.7" → 5.6. A side no cited source bounds is left
 * open (null) rather than invented: HbA1c has no lower bound, and fasting insulin, whose ranges differ
 * by assay, has no default range at all (the nutritionist types the one her lab printed).
 */
export const LAB_ANALYTES: readonly LabAnalyte[] = Object.freeze([
  { key: 'fastingGlucose', name: 'Glucemia en ayunas', unit: 'mg/dL', referenceMin: 70, referenceMax: 99 },
  { key: 'hba1c', name: 'Hemoglobina glicosilada (HbA1c)', unit: '%', referenceMin: null, referenceMax: 5.6 },
  { key: 'fastingInsulin', name: 'Insulina basal', unit: 'µUI/mL', referenceMin: null, referenceMax: null },
  { key: 'totalCholesterol', name: 'Colesterol total', unit: 'mg/dL', referenceMin: null, referenceMax: 199 },
  {
    key: 'hdlCholesterol',
    name: 'Colesterol HDL',
    unit: 'mg/dL',
    referenceMin: 40,
    referenceMax: null,
    bySex: { f: { referenceMin: 50, referenceMax: null }, m: { referenceMin: 40, referenceMax: null } },
  },
  { key: 'ldlCholesterol', name: 'Colesterol LDL', unit: 'mg/dL', referenceMin: null, referenceMax: 129 },
  { key: 'triglycerides', name: 'Triglicéridos', unit: 'mg/dL', referenceMin: null, referenceMax: 149 },
  {
    key: 'hemoglobin',
    name: 'Hemoglobina',
    unit: 'g/dL',
    referenceMin: 12,
    referenceMax: 17.5,
    bySex: { f: { referenceMin: 12, referenceMax: 15.5 }, m: { referenceMin: 13, referenceMax: 17.5 } },
  },
  {
    key: 'hematocrit',
    name: 'Hematocrito',
    unit: '%',
    referenceMin: 36,
    referenceMax: 50,
    bySex: { f: { referenceMin: 36, referenceMax: 44 }, m: { referenceMin: 41, referenceMax: 50 } },
  },
  {
    key: 'ferritin',
    name: 'Ferritina',
    unit: 'ng/mL',
    referenceMin: 15,
    referenceMax: 336,
    bySex: { f: { referenceMin: 15, referenceMax: 307 }, m: { referenceMin: 15, referenceMax: 336 } },
  },
  { key: 'serumIron', name: 'Hierro sérico', unit: 'µg/dL', referenceMin: 60, referenceMax: 170 },
  { key: 'vitaminB12', name: 'Vitamina B12', unit: 'pg/mL', referenceMin: 200, referenceMax: 900 },
  { key: 'folate', name: 'Ácido fólico', unit: 'ng/mL', referenceMin: 2.7, referenceMax: 17 },
  { key: 'vitaminD', name: 'Vitamina D (25-OH)', unit: 'ng/mL', referenceMin: 20, referenceMax: 100 },
  { key: 'tsh', name: 'TSH', unit: 'mUI/L', referenceMin: 0.5, referenceMax: 5 },
  { key: 'freeT4', name: 'T4 libre', unit: 'ng/dL', referenceMin: 0.9, referenceMax: 2.3 },
  {
    key: 'creatinine',
    name: 'Creatinina',
    unit: 'mg/dL',
    referenceMin: 0.6,
    referenceMax: 1.3,
    bySex: { f: { referenceMin: 0.6, referenceMax: 1.1 }, m: { referenceMin: 0.7, referenceMax: 1.3 } },
  },
  { key: 'urea', name: 'Urea', unit: 'mg/dL', referenceMin: 15, referenceMax: 45 },
  {
    key: 'uricAcid',
    name: 'Ácido úrico',
    unit: 'mg/dL',
    referenceMin: 2.4,
    referenceMax: 7,
    bySex: { f: { referenceMin: 2.4, referenceMax: 6 }, m: { referenceMin: 3.4, referenceMax: 7 } },
  },
  { key: 'albumin', name: 'Albúmina', unit: 'g/dL', referenceMin: 3.4, referenceMax: 5.4 },
  { key: 'ast', name: 'GOT (AST)', unit: 'U/L', referenceMin: 8, referenceMax: 33 },
  { key: 'alt', name: 'GPT (ALT)', unit: 'U/L', referenceMin: 4, referenceMax: 36 },
  { key: 'sodium', name: 'Sodio', unit: 'mEq/L', referenceMin: 135, referenceMax: 145 },
  { key: 'potassium', name: 'Potasio', unit: 'mEq/L', referenceMin: 3.7, referenceMax: 5.2 },
  { key: 'calcium', name: 'Calcio', unit: 'mg/dL', referenceMin: 8.5, referenceMax: 10.2 },
  { key: 'cReactiveProtein', name: 'Proteína C reactiva', unit: 'mg/L', referenceMin: null, referenceMax: 10 },
]);

/** The catalogue entry whose name matches (case- and accent-insensitive), if any. */
export function findLabAnalyte(name: string): LabAnalyte | undefined {
  const key = normalizeAnalyteName(name);
  return LAB_ANALYTES.find((a) => normalizeAnalyteName(a.name) === key || a.key.toLowerCase() === key);
}

/** Lower case, no accents, single spaces: how analytes are compared and filtered. */
export const normalizeAnalyteName = foldText;
