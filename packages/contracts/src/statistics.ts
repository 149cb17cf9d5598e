// Statistics of the practice for one month (/estadisticas, GET /statistics?year=&month=) and the patient
// contacts export for the nutritionist's own mailing service (GET /patients/contacts.csv). One key per
// series of the spec (seed 1 section 3): achievements (logros), new patients, completed consultations,
// ages, gender, classification by patient type, billing and consultations per patient (CPP).
import { z } from 'zod';
import { decimalQueryInteger } from './common.js';
import { STATISTICS_YEAR_MIN, STATISTICS_YEAR_MAX } from './constants.js';


export const statisticsQuerySchema = z.object({
  year: decimalQueryInteger(
    z.coerce
      .number({ error: 'El año debe ser un número.' })
      .int({ error: 'El año debe ser un número entero.' })
      .min(STATISTICS_YEAR_MIN, { error: `El año debe estar entre ${STATISTICS_YEAR_MIN} y ${STATISTICS_YEAR_MAX}.` })
      .max(STATISTICS_YEAR_MAX, { error: `El año debe estar entre ${STATISTICS_YEAR_MIN} y ${STATISTICS_YEAR_MAX}.` }),
  ),
  month: decimalQueryInteger(
    z.coerce
      .number({ error: 'El mes debe ser un número.' })
      .int({ error: 'El mes debe ser un número entero.' })
      .min(1, { error: 'El mes debe estar entre 1 y 12.' })
      .max(12, { error: 'El mes debe estar entre 1 y 12.' }),
  ),
});
export type StatisticsQuery = z.output<typeof statisticsQuerySchema>;

const count = z.number().int().min(0);
const monthNumber = z.number().int().min(1).max(12);
/** One value per month of the chosen year, January (1) to December (12): always 12 entries. */
const monthlyCounts = z.array(z.object({ month: monthNumber, count }));

/** Age bands in whole years at the end of the chosen month; 'unknown' = no birth date. */
export const AGE_BANDS = ['0-17', '18-29', '30-39', '40-49', '50-59', '60+', 'unknown'] as const;
export const ageBandSchema = z.enum(AGE_BANDS);
export type AgeBand = z.infer<typeof ageBandSchema>;

export const GENDER_KEYS = ['f', 'm', 'unknown'] as const;

/** Consultations in the month of each attended patient: 1, 2, 3, or 4 and more. */
export const CPP_BUCKETS = ['1', '2', '3', '4+'] as const;

/** A patient's weight counts as the target when within this many kg of it (or when it crossed it). */
export const TARGET_WEIGHT_TOLERANCE_KG = 0.5;

const rate = z.number().min(0).max(1).nullable();
const monthlyAttendance = z.object({
  month: monthNumber,
  appointments: count,
  confirmed: count,
  attended: count,
  noShows: count,
  noShowRate: rate,
  confirmedShare: rate,
});

export const statisticsSchema = z.object({
  year: z.number().int(),
  month: monthNumber,
  /** The nutritionist's time zone: it decides which month an appointment or a sign-up belongs to. */
  timeZone: z.string(),
  /**
   * Logros: outcomes of the patients weighed in the month. For each patient with a consultation in the
   * month that recorded a weight, the latest weight of the month is compared with the first weight ever
   * recorded for that patient.
   */
  achievements: z.object({
    /** Patients whose latest weight is in the month and who have an earlier weighing to compare with. */
    patientsCompared: count,
    patientsLostWeight: count,
    patientsGainedWeight: count,
    /** Sum of the losses of the patients who lost weight, kg with one decimal. */
    totalWeightLostKg: z.number().min(0),
    /** Patients whose latest weight is within 0.5 kg of their target weight, or crossed it. */
    patientsReachedTarget: count,
  }),
  /** Patients whose treatment started (start date; sign-up date without one) in each month of the year. */
  newPatients: z.object({ total: count, byMonth: monthlyCounts }),
  /** Consultations recorded with a date in each month of the year. */
  completedConsultations: z.object({ total: count, byMonth: monthlyCounts }),
  /** The practice's patients at the end of the month (not deleted by then, not pending, not test). */
  ages: z.array(z.object({ band: ageBandSchema, count })),
  gender: z.array(z.object({ sex: z.enum(GENDER_KEYS), count })),
  /** Classification of the same patients by patient type, most frequent first; types with none left out. */
  patientTypes: z.array(z.object({ typeId: z.number().int(), name: z.string(), nameEn: z.string(), count })),
  /**
   * Billing: completed appointments of the month priced with their service's price (integer cents),
   * one total per currency; byMonth holds the year, one row per month and currency with some billing.
   */
  billing: z.object({
    totals: z.array(z.object({ currency: z.string(), amountCents: z.number().int(), appointments: count })),
    byMonth: z.array(z.object({ month: monthNumber, currency: z.string(), amountCents: z.number().int(), appointments: count })),
    /** Completed appointments of the month without a service (no price to add). */
    unpricedAppointments: count,
  }),
  /** CPP: consultations of the month over the distinct patients they attended. */
  consultationsPerPatient: z.object({
    consultations: count,
    patients: count,
    /** consultations / patients with two decimals; 0 without consultations. */
    average: z.number().min(0),
    distribution: z.array(z.object({ consultations: z.enum(CPP_BUCKETS), patients: count })),
  }),
  /**
   * Appointments that patients confirm (issue 27), for the month and each month of the year. Counted:
   * appointments with a patient, not a public request still to accept and not cancelled by the practice
   * (a cancellation by the patient counts). `attended` includes those recorded with a consultation whose
   * attendance was not said. noShowRate = noShows / (attended + noShows); confirmedShare = confirmed /
   * appointments; both 0..1 with four decimals, null when the divisor is 0.
   */
  attendance: monthlyAttendance.extend({ byMonth: z.array(monthlyAttendance) }),
});
export type Statistics = z.infer<typeof statisticsSchema>;

// ---------------------------------------------------------------------------------------------------
// Patient contacts export (mailing)
// ---------------------------------------------------------------------------------------------------

export const patientContactsQuerySchema = z.object({
  /**
   * consenting (default): only patients who agreed to receive news · all: every patient with the
   * consent column, for the nutritionist to filter in her own tool.
   */
  consent: z.enum(['consenting', 'all'], { error: "El filtro de consentimiento debe ser 'consenting' o 'all'." }).default('consenting'),
});
export type PatientContactsQuery = z.input<typeof patientContactsQuerySchema>;

/** Header row of the CSV export, in this order. */
export const PATIENT_CONTACTS_CSV_COLUMNS = ['nombre', 'apellido', 'email', 'celular', 'acepta_novedades'] as const;
