// Clinical record rows → contract types. Derived values (gestational age, due date, gain ranges, out-of-range
// flags, weekly minutes) are computed here from the stored facts, never stored.
import {
  BACKGROUND_CONDITIONS,
  type Activity,
  type Background,
  type BackgroundCondition,
  type Habits,
  type LabResult,
  type Pregnancy,
  type Reminder,
} from '@almendra/contracts';
import { bmiMetric, dueDateNaegele, gestationalAge, suggestedGestationalWeightGain } from '@almendra/domain';
import type { PatientBackgroundsTable } from '../../db/schema-patients.js';
import type {
  ActivityRow,
  BackgroundRow,
  HabitsRow,
  LabResultRow,
  PregnancyRow,
  PregnancyWeightRow,
  ReminderRow,
} from './record-sections.repository.js';

const num = (value: number | null): number | null => (value === null ? null : Number(value));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Completed weeks and days; 0+0 when the reference date precedes the LMP. */
function ageAt(lastMenstrualPeriod: string, date: string) {
  if (date < lastMenstrualPeriod) return { weeks: 0, days: 0 };
  return gestationalAge(lastMenstrualPeriod, date);
}

export function toPregnancy(row: PregnancyRow, weights: PregnancyWeightRow[], context: { today: string; heightCm: number | null }): Pregnancy {
  const preWeight = num(row.pre_gestational_weight_kg);
  const reference = row.end_date ?? context.today;
  const age = ageAt(row.last_menstrual_period, reference);
  const bmi = preWeight !== null && context.heightCm ? round1(bmiMetric(preWeight, context.heightCm)) : null;
  const gain = bmi !== null ? suggestedGestationalWeightGain(bmi) : null;
  return {
    id: row.id,
    patientId: row.patient_id,
    status: row.end_date ? 'finished' : 'open',
    lastMenstrualPeriod: row.last_menstrual_period,
    dueDate: dueDateNaegele(row.last_menstrual_period),
    gestationalWeek: age.weeks,
    gestationalDays: age.days,
    preGestationalWeightKg: preWeight,
    preGestationalBmi: bmi,
    recommendedGainKg: gain ? { min: gain.min, max: gain.max } : null,
    notes: row.notes,
    endDate: row.end_date,
    outcome: row.outcome,
    weights: weights.map((w) => ({
      id: w.id,
      date: w.date,
      weightKg: Number(w.weight_kg),
      gainKg: preWeight === null ? null : round1(Number(w.weight_kg) - preWeight),
      gestationalWeek: ageAt(row.last_menstrual_period, w.date).weeks,
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Contract condition → flag column. */
export const CONDITION_COLUMN: Record<BackgroundCondition, keyof PatientBackgroundsTable> = {
  diabetes: 'diabetes',
  hypertension: 'hypertension',
  dyslipidemia: 'dyslipidemia',
  thyroidDisease: 'thyroid_disease',
  celiacDisease: 'celiac_disease',
  kidneyDisease: 'kidney_disease',
  liverDisease: 'liver_disease',
  cardiovascularDisease: 'cardiovascular_disease',
  gastrointestinalDisease: 'gastrointestinal_disease',
  anemia: 'anemia',
  eatingDisorder: 'eating_disorder',
  polycysticOvarySyndrome: 'polycystic_ovary_syndrome',
  osteoporosis: 'osteoporosis',
  cancer: 'cancer',
};

export function toBackground(patientId: string, row: BackgroundRow | undefined): Background {
  const conditions = Object.fromEntries(
    BACKGROUND_CONDITIONS.map((c) => [c, row ? Number(row[CONDITION_COLUMN[c]]) === 1 : false]),
  ) as Record<BackgroundCondition, boolean>;
  return {
    patientId,
    conditions,
    diseases: row?.diseases ?? null,
    surgeries: row?.surgeries ?? null,
    medications: row?.medications ?? null,
    allergies: row?.allergies ?? null,
    foodIntolerances: row?.food_intolerances ?? null,
    familyHistory: row?.family_history ?? null,
    notes: row?.notes ?? null,
    version: row ? Number(row.version) : 0,
    updatedAt: row?.updated_at ?? null,
  };
}

export function toHabits(patientId: string, row: HabitsRow | undefined): Habits {
  return {
    patientId,
    mealsPerDay: num(row?.meals_per_day ?? null),
    waterLitersPerDay: num(row?.water_liters_per_day ?? null),
    sleepHoursPerDay: num(row?.sleep_hours_per_day ?? null),
    bowelMovementsPerWeek: num(row?.bowel_movements_per_week ?? null),
    alcohol: row?.alcohol ?? null,
    smoking: row?.smoking ?? null,
    cigarettesPerDay: num(row?.cigarettes_per_day ?? null),
    caffeineCupsPerDay: num(row?.caffeine_cups_per_day ?? null),
    appetite: row?.appetite ?? null,
    whoCooks: row?.who_cooks ?? null,
    eatsOutPerWeek: num(row?.eats_out_per_week ?? null),
    notes: row?.notes ?? null,
    version: row ? Number(row.version) : 0,
    updatedAt: row?.updated_at ?? null,
  };
}

export function outOfRange(value: number, min: number | null, max: number | null): 'low' | 'high' | null {
  if (min !== null && value < min) return 'low';
  if (max !== null && value > max) return 'high';
  return null;
}

export function toLabResult(row: LabResultRow): LabResult {
  const value = Number(row.value);
  const min = num(row.reference_min);
  const max = num(row.reference_max);
  return {
    id: row.id,
    patientId: row.patient_id,
    date: row.date,
    analyte: row.analyte,
    value,
    unit: row.unit,
    referenceMin: min,
    referenceMax: max,
    outOfRange: outOfRange(value, min, max),
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toReminder(row: ReminderRow): Reminder {
  return {
    id: row.id,
    patientId: row.patient_id,
    text: row.text,
    dueDate: row.due_date,
    done: Number(row.done) === 1,
    doneAt: row.done_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toActivity(row: ActivityRow): Activity {
  const frequency = Number(row.frequency_per_week);
  const duration = Number(row.duration_minutes);
  return {
    id: row.id,
    patientId: row.patient_id,
    activity: row.activity,
    frequencyPerWeek: frequency,
    durationMinutes: duration,
    intensity: row.intensity,
    weeklyMinutes: frequency * duration,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
