// The statistics of one month: computes the month's bounds in the nutritionist's time zone, runs the
// series' queries and shapes them into the contract (every month, band and bucket present, zeros included).
import type { Kysely } from 'kysely';
import { AGE_BANDS, CPP_BUCKETS, GENDER_KEYS, type Statistics, type StatisticsQuery } from '@almendra/contracts';
import { localDayBounds, resolveTimeZone } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import { statisticsRepository as repo, type StatisticsPeriod } from './statistics.repository.js';

type Scope = { nutritionistId: string };

const pad = (value: number) => String(value).padStart(2, '0');
const firstOfMonth = (year: number, month: number) => (month > 12 ? `${year + 1}-01-01` : `${year}-${pad(month)}-01`);

/** The chosen month's and year's bounds: calendar dates, and instants at local midnight in `timeZone`. */
export function statisticsPeriod(year: number, month: number, timeZone: string): StatisticsPeriod {
  const monthBoundaries = Array.from({ length: 13 }, (_, index) => localDayBounds(firstOfMonth(year, index + 1), timeZone).start.toISOString());
  const monthEndDate = firstOfMonth(year, month + 1);
  const lastDay = new Date(Date.parse(`${monthEndDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    monthStartDate: firstOfMonth(year, month),
    monthEndDate,
    yearStartDate: `${year}-01-01`,
    yearEndDate: `${year + 1}-01-01`,
    monthBoundaries,
    monthStart: monthBoundaries[month - 1]!,
    monthEnd: monthBoundaries[month]!,
    ageReferenceDate: lastDay,
  };
}

/** Rounded to 4 decimals (a share 0..1); null when there is nothing to divide by. */
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/** No-show rate over the appointments whose attendance is known; share confirmed over all of them. */
export function answerRates(counts: { appointments: number; confirmed: number; attended: number; noShows: number }) {
  return { noShowRate: share(counts.noShows, counts.attended + counts.noShows), confirmedShare: share(counts.confirmed, counts.appointments) };
}

const twelveMonths = (values: Map<number, number>) => Array.from({ length: 12 }, (_, index) => ({ month: index + 1, count: values.get(index + 1) ?? 0 }));

export function createStatisticsService(deps: { db: Kysely<DB> }) {
  const { db } = deps;
  return {
    async forMonth(scope: Scope, query: StatisticsQuery): Promise<Statistics> {
      const { year, month } = query;
      const timeZone = resolveTimeZone(await repo.timeZoneOf(db, scope));
      const period = statisticsPeriod(year, month, timeZone);
      // One connection on SQLite runs them one after the other anyway; on PostgreSQL they overlap.
      const [achievements, newPatients, consultations, ages, sexes, patientTypes, billing, perPatient, answers] = await Promise.all([
        repo.achievements(db, scope, period),
        repo.newPatientsByMonth(db, scope, period),
        repo.consultationsByMonth(db, scope, period),
        repo.ageBands(db, scope, period),
        repo.sexes(db, scope, period),
        repo.patientTypes(db, scope, period),
        repo.billingByMonth(db, scope, period),
        repo.consultationsPerPatient(db, scope, period),
        repo.appointmentAnswersByMonth(db, scope, period),
      ]);

      const ageCounts = new Map(ages.map((a) => [a.band, a.count]));
      const sexCounts = new Map<string, number>();
      for (const row of sexes) {
        const key = row.sex === 'f' || row.sex === 'm' ? row.sex : 'unknown';
        sexCounts.set(key, (sexCounts.get(key) ?? 0) + row.count);
      }

      const priced = billing.filter((b) => b.currency !== null) as Array<{ month: number; currency: string; amountCents: number; appointments: number }>;
      const totals = new Map<string, { currency: string; amountCents: number; appointments: number }>();
      for (const row of priced.filter((b) => b.month === month)) {
        const total = totals.get(row.currency) ?? { currency: row.currency, amountCents: 0, appointments: 0 };
        total.amountCents += row.amountCents;
        total.appointments += row.appointments;
        totals.set(row.currency, total);
      }

      let cppConsultations = 0;
      let cppPatients = 0;
      const buckets = new Map<string, number>();
      for (const [perPatientCount, patients] of perPatient) {
        cppConsultations += perPatientCount * patients;
        cppPatients += patients;
        const bucket = perPatientCount >= 4 ? '4+' : String(perPatientCount);
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + patients);
      }

      const answersByMonth = Array.from({ length: 12 }, (_, index) => {
        const row = answers.find((a) => a.month === index + 1);
        const counts = { appointments: row?.appointments ?? 0, confirmed: row?.confirmed ?? 0, attended: row?.attended ?? 0, noShows: row?.noShows ?? 0 };
        return { month: index + 1, ...counts, ...answerRates(counts) };
      });
      const consultationsByMonth = twelveMonths(consultations);
      const newPatientsByMonth = twelveMonths(newPatients);
      return {
        year,
        month,
        timeZone,
        achievements,
        newPatients: { total: newPatientsByMonth[month - 1]!.count, byMonth: newPatientsByMonth },
        completedConsultations: { total: consultationsByMonth[month - 1]!.count, byMonth: consultationsByMonth },
        ages: AGE_BANDS.map((band) => ({ band, count: ageCounts.get(band) ?? 0 })),
        gender: GENDER_KEYS.map((sex) => ({ sex, count: sexCounts.get(sex) ?? 0 })),
        patientTypes,
        billing: {
          totals: [...totals.values()].sort((a, b) => b.amountCents - a.amountCents || a.currency.localeCompare(b.currency)),
          byMonth: priced.sort((a, b) => a.month - b.month || a.currency.localeCompare(b.currency)),
          unpricedAppointments: billing.filter((b) => b.currency === null && b.month === month).reduce((sum, b) => sum + b.appointments, 0),
        },
        consultationsPerPatient: {
          consultations: cppConsultations,
          patients: cppPatients,
          average: cppPatients === 0 ? 0 : Math.round((cppConsultations / cppPatients) * 100) / 100,
          distribution: CPP_BUCKETS.map((bucket) => ({ consultations: bucket, patients: buckets.get(bucket) ?? 0 })),
        },
        attendance: { ...answersByMonth[month - 1]!, byMonth: answersByMonth },
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
