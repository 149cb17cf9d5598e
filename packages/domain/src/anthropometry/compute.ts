/**
 * Aggregate body-composition report for one anthropometric assessment.
 *
 * Runs every formula whose inputs are present and, for each result that
 * cannot be computed, returns null plus a machine-readable reason naming the
 * inputs that are missing. A formula never runs on partial data (e.g. a
 * five-site sum standing in for six), because a plausible wrong number is
 * worse in a clinical record than a visible gap. Values are unrounded;
 * presentation decides precision.
 *
 * Formula sources are cited in each module (bmi, body-fat, somatotype,
 * muscle-mass, bone-mass, arm-areas, gestation, energy/bmr) and in
 * docs/formulas.md.
 */
import { mifflinStJeorBmr, energyRequirement, DEFAULT_ACTIVITY_FACTOR } from '../energy/bmr.js';
import { activityLevelOfPal, iomEstimatedEnergyRequirement } from '../energy/pediatric.js';
// The age rules only, not the WHO tables: the z-scores (assessGrowth) are added by the caller that needs them.
import { growthAge, WHO_DAYS_PER_MONTH, type GrowthAge } from '../growth/growth-age.js';
import { armAreas, type ArmAreas } from './arm-areas.js';
import { bmiMetric, classifyBmi, type BmiCategory } from './bmi.js';
import { idealWeightKg } from './ideal-weight.js';
import { computeBodyFat, MISSING_WEIGHT_FOR_FAT_MASS, SIX_SKINFOLD_SITES } from './body-fat.js';
import { rochaBoneMass, wurchResidualMass } from './bone-mass.js';
import { assertSex, isPositiveFinite, type Sex } from './common.js';
import {
  dueDateNaegele,
  gestationalAge,
  isIsoDate,
  parseIsoDateToDayNumber,
  suggestedGestationalWeightGain,
  type GestationalAge,
} from './gestation.js';
import { isLeeRaceTerm, leeSkeletalMuscleMass, muscleMassByDifference, type LeeRaceTerm } from './muscle-mass.js';
import { ectomorphy, endomorphy, mesomorphy, partialSomatotype, type Somatotype } from './somatotype.js';

type Measure = number | null | undefined;

export interface SkinfoldsMm {
  triceps?: Measure;
  biceps?: Measure;
  subscapular?: Measure;
  axillary?: Measure;
  pectoral?: Measure;
  suprailiac?: Measure;
  supraspinale?: Measure;
  abdominal?: Measure;
  /** Front thigh (ISAK). */
  thigh?: Measure;
  /** The spec's other lower-leg site; not used by any formula here. */
  leg?: Measure;
  /** ISAK medial calf: used in Σ6, Heath-Carter and Lee. */
  calf?: Measure;
}

export interface GirthsCm {
  neck?: Measure;
  chest?: Measure;
  waist?: Measure;
  hip?: Measure;
  glute?: Measure;
  thigh?: Measure;
  knee?: Measure;
  calf?: Measure;
  shoulders?: Measure;
  armRelaxed?: Measure;
  armFlexed?: Measure;
  forearm?: Measure;
  wrist?: Measure;
  abdomen?: Measure;
  ankle?: Measure;
  /** Head circumference (WHO head-circumference-for-age under 5). */
  head?: Measure;
}

export interface BreadthsCm {
  /** Biepicondylar humerus breadth. */
  humerus?: Measure;
  /** Bicondylar femur breadth. */
  femur?: Measure;
  /** Bistyloid wrist breadth. */
  wrist?: Measure;
}

export interface AnthropometryMeasurements {
  weightKg?: Measure;
  heightCm?: Measure;
  skinfoldsMm?: SkinfoldsMm | null;
  girthsCm?: GirthsCm | null;
  breadthsCm?: BreadthsCm | null;
}

export interface PregnancyInput {
  preWeightKg?: Measure;
  /** First day of the last menstrual period, 'YYYY-MM-DD'. */
  lastMenstrualPeriod?: string | null;
  /** Reference date, 'YYYY-MM-DD'; passed in so results are reproducible. */
  today?: string | null;
}

/**
 * What the WHO growth assessment needs beyond the measurements. When given and the person is under 19 at
 * `date`, the result carries the WHO indicators (`growth`), no adult BMI category, no adult BMR, and the
 * energy requirement of the IOM 2005 paediatric equations (docs/formulas.md).
 */
export interface GrowthContext {
  /** 'YYYY-MM-DD' */
  birthDate?: string | null;
  /** Measurement date, 'YYYY-MM-DD'. */
  date?: string | null;
  /** true lying, false standing, null not recorded. */
  measuredLying?: boolean | null;
  oedema?: boolean | null;
}

export interface AnthropometryInput {
  sex: Sex;
  growth?: GrowthContext | null;
  ageYears?: Measure;
  /** 2 = Deportista (athlete equations for body fat). */
  patientTypeId?: number | null;
  /** Overrides the default activity factor (1.55 men / 1.56 women). */
  activityFactor?: Measure;
  /** Lee et al. (2000) ethnicity term: 0 (default), −2 or 1.1. */
  raceTerm?: LeeRaceTerm | null;
  measurements: AnthropometryMeasurements;
  pregnancy?: PregnancyInput | null;
}

export interface DerivedAnthropometry {
  bmi: number | null;
  bmiCategory: BmiCategory | null;
  bmrKcal: number | null;
  energyRequirementKcal: number | null;
  sumSixSkinfoldsMm: number | null;
  bodyFatPercent: number | null;
  fatMassKg: number | null;
  leanMassKg: number | null;
  somatotype: Somatotype | null;
  skeletalMuscleMassKg: number | null;
  /** skeletalMuscleMassKg / weight × 100. */
  skeletalMusclePercent: number | null;
  boneMassKg: number | null;
  /** boneMassKg / weight × 100. */
  boneMassPercent: number | null;
  residualMassKg: number | null;
  muscleMassKg: number | null;
  armMuscleAreaCm2: number | null;
  armFatAreaCm2: number | null;
  /** Adults: 22 × height² (Lemmens et al. 2005, ideal-weight.ts). */
  idealWeightKg: number | null;
  /** Which equation gave energyRequirementKcal; present only when it was computed. */
  energyMethod?: EnergyMethod;
  /** Present only when `pregnancy` was given. IOM (2009) range in kg. */
  suggestedGestationalGainKg?: { min: number; max: number } | null;
  /** Present only when `pregnancy` was given. */
  gestationalAge?: GestationalAge | null;
  /** Present only when `pregnancy` was given. 'YYYY-MM-DD'. */
  dueDate?: string | null;
}

export type DerivedKey = keyof DerivedAnthropometry;

/** Mifflin-St Jeor × activity factor (adults) or the IOM 2005 estimated energy requirement (under 19). */
export type EnergyMethod = 'mifflinStJeor' | 'iom2005';

export type MissingReason =
  | 'MISSING_WEIGHT'
  | 'MISSING_HEIGHT'
  | 'MISSING_AGE'
  | 'MISSING_SKINFOLDS'
  | 'MISSING_GIRTHS'
  | 'MISSING_BREADTHS'
  | typeof MISSING_WEIGHT_FOR_FAT_MASS
  | 'MISSING_PRE_PREGNANCY_WEIGHT'
  | 'MISSING_DATES'
  | 'INVALID_DATE'
  | 'INVALID_ACTIVITY_FACTOR'
  | 'INVALID_RACE_TERM'
  | 'INCONSISTENT_MEASUREMENTS'
  | 'NOT_APPLICABLE_SEX'
  /** Under 19: the adult BMI table and BMR do not apply; the WHO growth indicators replace them. */
  | 'PEDIATRIC_WHO';

export interface MissingInput {
  result: DerivedKey;
  reason: MissingReason;
  /** Dotted input paths, e.g. 'measurements.skinfoldsMm.calf'. */
  inputs: string[];
}

export interface AnthropometryResult {
  derived: DerivedAnthropometry;
  missing: MissingInput[];
}

/** Marks inputs that are all present but contradict each other (e.g. skinfold wider than its girth). */
class Inconsistent {
  readonly inputs: string[];
  constructor(inputs: string[]) {
    this.inputs = inputs;
  }
}

interface Requirement {
  path: string;
  reason: MissingReason;
  value: unknown;
}

/** Groups unmet positive-number requirements by reason, preserving first-seen order. */
function unmet(requirements: readonly Requirement[]): Array<{ reason: MissingReason; inputs: string[] }> {
  const groups = new Map<MissingReason, string[]>();
  for (const r of requirements) {
    if (isPositiveFinite(r.value)) continue;
    const inputs = groups.get(r.reason) ?? [];
    if (!inputs.includes(r.path)) inputs.push(r.path);
    groups.set(r.reason, inputs);
  }
  return [...groups].map(([reason, inputs]) => ({ reason, inputs }));
}

export function computeAnthropometry(input: AnthropometryInput): AnthropometryResult {
  assertSex(input.sex);
  const sex = input.sex;
  const m = input.measurements ?? {};
  const sk: SkinfoldsMm = m.skinfoldsMm ?? {};
  const gi: GirthsCm = m.girthsCm ?? {};
  const br: BreadthsCm = m.breadthsCm ?? {};
  const missing: MissingInput[] = [];

  // Requirement builders keep input paths and reason codes in one place.
  const weight: Requirement = { path: 'measurements.weightKg', reason: 'MISSING_WEIGHT', value: m.weightKg };
  const height: Requirement = { path: 'measurements.heightCm', reason: 'MISSING_HEIGHT', value: m.heightCm };
  const age: Requirement = { path: 'ageYears', reason: 'MISSING_AGE', value: input.ageYears };
  const skinfold = (site: keyof SkinfoldsMm): Requirement => ({
    path: `measurements.skinfoldsMm.${site}`,
    reason: 'MISSING_SKINFOLDS',
    value: sk[site],
  });
  const girth = (site: keyof GirthsCm): Requirement => ({
    path: `measurements.girthsCm.${site}`,
    reason: 'MISSING_GIRTHS',
    value: gi[site],
  });
  const breadth = (site: keyof BreadthsCm): Requirement => ({
    path: `measurements.breadthsCm.${site}`,
    reason: 'MISSING_BREADTHS',
    value: br[site],
  });
  const sixSkinfolds = SIX_SKINFOLD_SITES.map(skinfold);

  /**
   * Runs `fn` only when every requirement is met; otherwise records why for
   * each listed result key. `fn` returns an `Inconsistent` marker instead of a value when
   * the inputs are present but mutually inconsistent.
   */
  function attempt<T>(
    results: readonly DerivedKey[],
    requirements: readonly Requirement[],
    fn: () => T | Inconsistent,
  ): T | null {
    const gaps = unmet(requirements);
    if (gaps.length > 0) {
      for (const result of results) for (const g of gaps) missing.push({ result, ...g });
      return null;
    }
    const value = fn();
    if (value instanceof Inconsistent) {
      for (const result of results) {
        missing.push({ result, reason: 'INCONSISTENT_MEASUREMENTS', inputs: value.inputs });
      }
      return null;
    }
    return value;
  }

  /** Folds the entries several attempts recorded for one result into one entry per reason. */
  function mergeMissingOf(result: DerivedKey): void {
    const merged = new Map<MissingReason, string[]>();
    for (const entry of missing.filter((e) => e.result === result)) {
      const inputs = merged.get(entry.reason) ?? [];
      for (const path of entry.inputs) if (!inputs.includes(path)) inputs.push(path);
      merged.set(entry.reason, inputs);
    }
    const others = missing.filter((e) => e.result !== result);
    missing.length = 0;
    missing.push(...others, ...[...merged].map(([reason, inputs]) => ({ result, reason, inputs })));
  }

  const inconsistent = (inputs: readonly Requirement[]) => new Inconsistent(inputs.map((r) => r.path));

  // BMI — WHO 2000.
  const bmi = attempt(['bmi', 'bmiCategory'], [weight, height], () =>
    bmiMetric(m.weightKg as number, m.heightCm as number),
  );
  // Under 19 the WHO growth references replace the adult table (never an adult category for a child).
  const child = childAge(input.growth);
  const bmiCategory = bmi === null || child ? null : classifyBmi(bmi);
  if (child && bmi !== null) missing.push({ result: 'bmiCategory', reason: 'PEDIATRIC_WHO', inputs: ['growth.birthDate'] });

  // BMR and VCT — Mifflin-St Jeor 1990; activity factor from the spec. Under 19: IOM 2005 EER instead.
  if (child) missing.push({ result: 'bmrKcal', reason: 'PEDIATRIC_WHO', inputs: ['growth.birthDate'] });
  const bmrKcal = child ? null : attempt(['bmrKcal'], [weight, height, age], () =>
    mifflinStJeorBmr({
      weightKg: m.weightKg as number,
      heightCm: m.heightCm as number,
      ageYears: input.ageYears as number,
      sex,
    }),
  );
  let energyRequirementKcal: number | null = null;
  const factor = input.activityFactor;
  if (factor !== undefined && factor !== null && !isPositiveFinite(factor)) {
    // A supplied-but-invalid factor is not replaced by the default: the
    // practitioner asked for a specific factor and must see that it failed.
    missing.push({ result: 'energyRequirementKcal', reason: 'INVALID_ACTIVITY_FACTOR', inputs: ['activityFactor'] });
  } else if (child) {
    const ageMonths = child.ageDays / WHO_DAYS_PER_MONTH;
    // Height enters the IOM equations from 3 years.
    energyRequirementKcal = attempt(['energyRequirementKcal'], ageMonths < 36 ? [weight] : [weight, height], () =>
      iomEstimatedEnergyRequirement({
        sex,
        ageMonths,
        weightKg: m.weightKg as number,
        heightCm: m.heightCm,
        activityLevel: activityLevelOfPal(factor ?? DEFAULT_ACTIVITY_FACTOR[sex]),
      }),
    );
  } else if (bmrKcal === null) {
    for (const g of unmet([weight, height, age])) missing.push({ result: 'energyRequirementKcal', ...g });
  } else {
    energyRequirementKcal = energyRequirement(bmrKcal, sex, factor ?? undefined);
  }

  // Σ6 skinfolds, %BF, fat and lean mass — Yuhasz 1974 / Carter 1982.
  const sumSixSkinfoldsMm = attempt(['sumSixSkinfoldsMm'], sixSkinfolds, () =>
    sixSkinfolds.reduce((acc, r) => acc + (r.value as number), 0),
  );
  const fatWeight: Requirement = { ...weight, reason: MISSING_WEIGHT_FOR_FAT_MASS };
  const bodyFat = attempt(['bodyFatPercent', 'fatMassKg', 'leanMassKg'], [fatWeight, ...sixSkinfolds], () => {
    const r = computeBodyFat({
      sex,
      weightKg: m.weightKg as number,
      skinfoldsMm: sk as Record<string, number>,
      patientTypeId: input.patientTypeId ?? null,
    });
    if (!r.ok) throw new Error('unreachable: requirements were checked');
    return r;
  });

  // Heath-Carter somatotype — Carter & Heath 1990; Carter 2002. Each component is attempted on its own
  // inputs (a visit without breadths still has endomorphy and ectomorphy); the reasons of every
  // component that could not be computed are reported under 'somatotype'.
  const endo = attempt(
    ['somatotype'],
    [skinfold('triceps'), skinfold('subscapular'), skinfold('supraspinale'), height],
    () =>
      endomorphy({
        tricepsSkinfoldMm: sk.triceps as number,
        subscapularSkinfoldMm: sk.subscapular as number,
        supraspinaleSkinfoldMm: sk.supraspinale as number,
        heightCm: m.heightCm as number,
      }),
  );
  const meso = attempt(
    ['somatotype'],
    [breadth('humerus'), breadth('femur'), girth('armFlexed'), girth('calf'), skinfold('triceps'), skinfold('calf'), height],
    () =>
      mesomorphy({
        humerusBreadthCm: br.humerus as number,
        femurBreadthCm: br.femur as number,
        flexedArmGirthCm: gi.armFlexed as number,
        calfGirthCm: gi.calf as number,
        tricepsSkinfoldMm: sk.triceps as number,
        calfSkinfoldMm: sk.calf as number,
        heightCm: m.heightCm as number,
      }),
  );
  const ecto = attempt(['somatotype'], [height, weight], () => ectomorphy(m.heightCm as number, m.weightKg as number));
  const somatotype = partialSomatotype(endo, meso, ecto);
  mergeMissingOf('somatotype');

  // Skeletal muscle mass — Lee et al. 2000.
  let skeletalMuscleMassKg: number | null = null;
  const raceTerm = input.raceTerm ?? 0;
  if (!isLeeRaceTerm(raceTerm)) {
    missing.push({ result: 'skeletalMuscleMassKg', reason: 'INVALID_RACE_TERM', inputs: ['raceTerm'] });
  } else {
    const leeGirthPairs = [
      [girth('armRelaxed'), skinfold('triceps')],
      [girth('thigh'), skinfold('thigh')],
      [girth('calf'), skinfold('calf')],
    ] as const;
    skeletalMuscleMassKg = attempt<number>(
      ['skeletalMuscleMassKg'],
      [height, age, ...leeGirthPairs.flat()],
      () => {
        // A skinfold larger than its girth allows means a unit or entry error.
        for (const [g, s] of leeGirthPairs) {
          if ((g.value as number) - (Math.PI * (s.value as number)) / 10 <= 0) return inconsistent([g, s]);
        }
        return leeSkeletalMuscleMass({
          heightCm: m.heightCm as number,
          ageYears: input.ageYears as number,
          sex,
          raceTerm,
          armGirthCm: gi.armRelaxed as number,
          thighGirthCm: gi.thigh as number,
          calfGirthCm: gi.calf as number,
          tricepsSkinfoldMm: sk.triceps as number,
          thighSkinfoldMm: sk.thigh as number,
          calfSkinfoldMm: sk.calf as number,
        });
      },
    );
  }

  // Bone (Rocha 1975) and residual (Würch 1974) mass.
  const boneRequirements = [height, breadth('wrist'), breadth('femur')];
  const boneMassKg = attempt(['boneMassKg'], boneRequirements, () =>
    rochaBoneMass({
      heightCm: m.heightCm as number,
      wristBreadthCm: br.wrist as number,
      femurBreadthCm: br.femur as number,
    }),
  );
  const residualMassKg = attempt(['residualMassKg'], [weight], () => wurchResidualMass(m.weightKg as number, sex));

  // Muscle by difference — four-component model (De Rose & Guimarães 1980).
  const muscleMassKg = attempt<number>(['muscleMassKg'], [weight, ...sixSkinfolds, ...boneRequirements], () => {
    if (bodyFat === null || boneMassKg === null || residualMassKg === null) {
      throw new Error('unreachable: requirements were checked');
    }
    const rest = (m.weightKg as number) - bodyFat.fatMassKg - boneMassKg - residualMassKg;
    if (rest <= 0) return inconsistent([weight, ...sixSkinfolds, ...boneRequirements]);
    return muscleMassByDifference({
      weightKg: m.weightKg as number,
      fatMassKg: bodyFat.fatMassKg,
      boneMassKg,
      residualMassKg,
    });
  });

  // Arm areas — Frisancho 1981 (uncorrected AMA, matching Frisancho's norms).
  const armRequirements = [girth('armRelaxed'), skinfold('triceps')];
  const arm = attempt<ArmAreas>(['armMuscleAreaCm2', 'armFatAreaCm2'], armRequirements, () => {
    if ((gi.armRelaxed as number) - (Math.PI * (sk.triceps as number)) / 10 <= 0) {
      return inconsistent(armRequirements);
    }
    return armAreas({ armGirthCm: gi.armRelaxed as number, tricepsSkinfoldMm: sk.triceps as number });
  });

  // Share of body weight — the spec keeps both kg and %; % = kg / measured weight × 100.
  const percentOfWeight = (result: DerivedKey, of: DerivedKey, kg: number | null): number | null => {
    if (kg === null) {
      // Missing for the same reasons as the mass it is a share of.
      for (const entry of missing.filter((e) => e.result === of)) missing.push({ ...entry, result, inputs: [...entry.inputs] });
      return null;
    }
    return attempt([result], [weight], () => (kg / (m.weightKg as number)) * 100);
  };
  const skeletalMusclePercent = percentOfWeight('skeletalMusclePercent', 'skeletalMuscleMassKg', skeletalMuscleMassKg);
  const boneMassPercent = percentOfWeight('boneMassPercent', 'boneMassKg', boneMassKg);

  // Ideal weight — Lemmens, Brodsky & Bernstein 2005 (BMI 22 × height²); adults only.
  if (child) missing.push({ result: 'idealWeightKg', reason: 'PEDIATRIC_WHO', inputs: ['growth.birthDate'] });
  const idealWeight = child ? null : attempt(['idealWeightKg'], [height], () => idealWeightKg(m.heightCm as number));

  const derived: DerivedAnthropometry = {
    bmi,
    bmiCategory,
    bmrKcal,
    energyRequirementKcal,
    sumSixSkinfoldsMm,
    bodyFatPercent: bodyFat?.bodyFatPercent ?? null,
    fatMassKg: bodyFat?.fatMassKg ?? null,
    leanMassKg: bodyFat?.leanMassKg ?? null,
    somatotype,
    skeletalMuscleMassKg,
    skeletalMusclePercent,
    boneMassKg,
    boneMassPercent,
    residualMassKg,
    muscleMassKg,
    armMuscleAreaCm2: arm?.armMuscleAreaCm2 ?? null,
    armFatAreaCm2: arm?.armFatAreaCm2 ?? null,
    idealWeightKg: idealWeight,
  };
  if (energyRequirementKcal !== null) derived.energyMethod = child ? 'iom2005' : 'mifflinStJeor';

  if (input.pregnancy) {
    Object.assign(derived, computePregnancy(sex, m.heightCm, input.pregnancy, missing));
  }

  return { derived, missing };
}

function computePregnancy(
  sex: Sex,
  heightCm: Measure,
  pregnancy: PregnancyInput,
  missing: MissingInput[],
): Pick<DerivedAnthropometry, 'suggestedGestationalGainKg' | 'gestationalAge' | 'dueDate'> {
  const out: Pick<DerivedAnthropometry, 'suggestedGestationalGainKg' | 'gestationalAge' | 'dueDate'> = {
    suggestedGestationalGainKg: null,
    gestationalAge: null,
    dueDate: null,
  };
  const notApplicable = sex !== 'f';
  if (notApplicable) {
    for (const result of ['suggestedGestationalGainKg', 'gestationalAge', 'dueDate'] as const) {
      missing.push({ result, reason: 'NOT_APPLICABLE_SEX', inputs: ['sex'] });
    }
    return out;
  }

  // IOM 2009 ranges use pre-pregnancy BMI; the current (pregnant) weight would misclassify.
  const gaps = unmet([
    { path: 'pregnancy.preWeightKg', reason: 'MISSING_PRE_PREGNANCY_WEIGHT', value: pregnancy.preWeightKg },
    { path: 'measurements.heightCm', reason: 'MISSING_HEIGHT', value: heightCm },
  ]);
  if (gaps.length > 0) {
    for (const g of gaps) missing.push({ result: 'suggestedGestationalGainKg', ...g });
  } else {
    const preBmi = bmiMetric(pregnancy.preWeightKg as number, heightCm as number);
    const { min, max } = suggestedGestationalWeightGain(preBmi);
    out.suggestedGestationalGainKg = { min, max };
  }

  const lmpPath = 'pregnancy.lastMenstrualPeriod';
  const todayPath = 'pregnancy.today';
  const lmpState = dateState(pregnancy.lastMenstrualPeriod);
  const todayState = dateState(pregnancy.today);

  if (lmpState === 'ok') {
    out.dueDate = dueDateNaegele(pregnancy.lastMenstrualPeriod as string);
  } else {
    missing.push({ result: 'dueDate', reason: lmpState === 'absent' ? 'MISSING_DATES' : 'INVALID_DATE', inputs: [lmpPath] });
  }

  const absent = [lmpState === 'absent' && lmpPath, todayState === 'absent' && todayPath].filter(isString);
  const invalid = [lmpState === 'invalid' && lmpPath, todayState === 'invalid' && todayPath].filter(isString);
  if (absent.length > 0) missing.push({ result: 'gestationalAge', reason: 'MISSING_DATES', inputs: absent });
  if (invalid.length > 0) missing.push({ result: 'gestationalAge', reason: 'INVALID_DATE', inputs: invalid });
  if (lmpState === 'ok' && todayState === 'ok') {
    const lmp = pregnancy.lastMenstrualPeriod as string;
    const today = pregnancy.today as string;
    if (parseIsoDateToDayNumber(today) >= parseIsoDateToDayNumber(lmp)) {
      out.gestationalAge = gestationalAge(lmp, today);
    } else {
      // A reference date before the LMP is a data-entry error, not week 0.
      missing.push({ result: 'gestationalAge', reason: 'INVALID_DATE', inputs: [lmpPath, todayPath] });
    }
  }
  return out;
}

function dateState(value: string | null | undefined): 'absent' | 'invalid' | 'ok' {
  if (value === undefined || value === null || value === '') return 'absent';
  return isIsoDate(value) ? 'ok' : 'invalid';
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** The age for the WHO growth references, or null for an adult, unknown dates or a date before birth. */
function childAge(growth: GrowthContext | null | undefined): GrowthAge | null {
  if (!growth || !isIsoDate(growth.birthDate) || !isIsoDate(growth.date)) return null;
  try {
    return growthAge(growth.birthDate, growth.date);
  } catch {
    return null;
  }
}
