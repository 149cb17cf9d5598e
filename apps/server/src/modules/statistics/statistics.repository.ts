// SQL of the statistics series. Every query is tenant-scoped and runs unchanged on SQLite and PostgreSQL:
// instants are ISO-8601 UTC text and calendar dates 'YYYY-MM-DD' text on both, so month membership is a
// range comparison (instants against the month's bounds in the nutritionist's time zone, computed by the
// service; calendar dates against 'YYYY-MM-01'), which the (nutritionist_id, date|start_at) indexes serve.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { TARGET_WEIGHT_TOLERANCE_KG } from '@almendra/contracts';

type Scope = { nutritionistId: string };

/** Bounds of the chosen month and year, as calendar dates and as instants in the practice's zone. */
export interface StatisticsPeriod {
  /** 'YYYY-MM-01' of the chosen month and of the next one. */
  monthStartDate: string;
  monthEndDate: string;
  /** 'YYYY-01-01' of the chosen year and of the next one. */
  yearStartDate: string;
  yearEndDate: string;
  /** 13 instants (ISO UTC): local midnight of the 1st of January … December and of next January. */
  monthBoundaries: string[];
  /** Instants of the chosen month's start and end (two of monthBoundaries). */
  monthStart: string;
  monthEnd: string;
  /** Reference date for ages: the last day of the chosen month. */
  ageReferenceDate: string;
}

const num = (value: unknown): number => Number(value ?? 0);

/** Month 1..12 of an instant column inside the year (a CASE over the 12 local month starts). */
function monthOfInstant(column: RawBuilder<unknown>, boundaries: string[]): RawBuilder<number> {
  const branches = boundaries.slice(1, 12).map((bound, index) => sql`when ${column} < ${bound} then ${sql.lit(index + 1)}`);
  return sql<number>`case ${sql.join(branches, sql` `)} else 12 end`;
}

/** Month 1..12 of a 'YYYY-MM-DD' column. */
function monthOfDate(column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`cast(substr(${column}, 6, 2) as integer)`;
}

/**
 * The patients that count as the practice's: not pending (the spec's Pac_Nuevo), not test, not deleted.
 * Their month of arrival is the start of treatment, or the sign-up instant in the practice's zone.
 */
function practicePatients(db: Kysely<DB>, scope: Scope) {
  return db
    .selectFrom('patients as p')
    .where('p.nutritionist_id', '=', scope.nutritionistId)
    .where('p.is_new', '=', 0)
    .where('p.deleted_at', 'is', null)
    .where('p.is_test', '=', 0);
}

export const statisticsRepository = {
  async timeZoneOf(db: Kysely<DB>, scope: Scope): Promise<string | null> {
    const row = await db.selectFrom('nutritionists').select('time_zone').where('id', '=', scope.nutritionistId).executeTakeFirst();
    return row?.time_zone ?? null;
  },

  /** Patients whose treatment started in each month of the year (months without any are absent). */
  async newPatientsByMonth(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod): Promise<Map<number, number>> {
    const boundaries = period.monthBoundaries;
    const month = sql<number>`case when p.start_date is not null then ${monthOfDate(sql.ref('p.start_date'))} else ${monthOfInstant(sql.ref('p.created_at'), boundaries)} end`;
    // PostgreSQL groups by an expression only when it is the same text as the selected one, and each bound
    // parameter gets its own number: so the month is computed in a subquery and grouped outside.
    const arrivals = practicePatients(db, scope)
      .select(month.as('month'))
      .where((eb) =>
        eb.or([
          eb.and([eb('p.start_date', '>=', period.yearStartDate), eb('p.start_date', '<', period.yearEndDate)]),
          eb.and([eb('p.start_date', 'is', null), eb('p.created_at', '>=', boundaries[0]!), eb('p.created_at', '<', boundaries[12]!)]),
        ]),
      );
    const rows = await db.selectFrom(arrivals.as('x')).select(['x.month', sql<number | string>`count(*)`.as('count')]).groupBy('x.month').execute();
    return new Map(rows.map((r) => [num(r.month), num(r.count)]));
  },

  async consultationsByMonth(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod): Promise<Map<number, number>> {
    const month = monthOfDate(sql.ref('date'));
    const rows = await db
      .selectFrom('consultations')
      .select([month.as('month'), sql<number | string>`count(*)`.as('count')])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('date', '>=', period.yearStartDate)
      .where('date', '<', period.yearEndDate)
      .groupBy(month)
      .execute();
    return new Map(rows.map((r) => [num(r.month), num(r.count)]));
  },

  /** Ages in whole years at the reference date, grouped in bands, of the practice's patients by the month's end. */
  async ageBands(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod): Promise<Array<{ band: string; count: number }>> {
    const ref = period.ageReferenceDate;
    const age = sql<number>`(cast(${Number(ref.slice(0, 4))} as integer) - cast(substr(p.birth_date, 1, 4) as integer) - case when substr(p.birth_date, 6, 5) > ${ref.slice(5)} then 1 else 0 end)`;
    const band = sql<string>`case when p.birth_date is null or p.birth_date > ${ref} then 'unknown' when ${age} < 18 then '0-17' when ${age} < 30 then '18-29' when ${age} < 40 then '30-39' when ${age} < 50 then '40-49' when ${age} < 60 then '50-59' else '60+' end`;
    const bands = this.atMonthEnd(db, scope, period).select(band.as('band'));
    const rows = await db.selectFrom(bands.as('x')).select(['x.band', sql<number | string>`count(*)`.as('count')]).groupBy('x.band').execute();
    return rows.map((r) => ({ band: String(r.band), count: num(r.count) }));
  },

  async sexes(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod): Promise<Array<{ sex: string | null; count: number }>> {
    const rows = await this.atMonthEnd(db, scope, period).select(['p.sex', sql<number | string>`count(*)`.as('count')]).groupBy('p.sex').execute();
    return rows.map((r) => ({ sex: r.sex, count: num(r.count) }));
  },

  async patientTypes(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod) {
    const rows = await this.atMonthEnd(db, scope, period)
      .innerJoin('patient_types as t', 't.id', 'p.type_id')
      .select(['t.id', 't.name_es', 't.name_en', 't.sort_order', sql<number | string>`count(*)`.as('count')])
      .groupBy(['t.id', 't.name_es', 't.name_en', 't.sort_order'])
      .execute();
    return rows
      .map((r) => ({ typeId: num(r.id), name: r.name_es, nameEn: r.name_en, sortOrder: num(r.sort_order), count: num(r.count) }))
      .sort((a, b) => b.count - a.count || a.sortOrder - b.sortOrder)
      .map(({ sortOrder: _sortOrder, ...rest }) => rest);
  },

  /** The practice's patients whose treatment had started by the end of the month. */
  atMonthEnd(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod) {
    return practicePatients(db, scope).where((eb) =>
      eb.or([
        eb('p.start_date', '<', period.monthEndDate),
        eb.and([eb('p.start_date', 'is', null), eb('p.created_at', '<', period.monthEnd)]),
      ]),
    );
  },

  /** Completed appointments with a patient, priced with their service, per month and currency, in the year. */
  async billingByMonth(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod) {
    const month = monthOfInstant(sql.ref('a.start_at'), period.monthBoundaries);
    const completed = db
      .selectFrom('appointments as a')
      .leftJoin('services as s', (join) => join.onRef('s.id', '=', 'a.service_id').onRef('s.nutritionist_id', '=', 'a.nutritionist_id'))
      .select([month.as('month'), 's.currency', 's.price_cents'])
      .where('a.nutritionist_id', '=', scope.nutritionistId)
      .where('a.status', '=', 'completed')
      .where('a.patient_id', 'is not', null)
      .where('a.start_at', '>=', period.monthBoundaries[0]!)
      .where('a.start_at', '<', period.monthBoundaries[12]!);
    const rows = await db
      .selectFrom(completed.as('x'))
      .select(['x.month', 'x.currency', sql<number | string | null>`sum(x.price_cents)`.as('amount'), sql<number | string>`count(*)`.as('count')])
      .groupBy(['x.month', 'x.currency'])
      .execute();
    return rows.map((r) => ({ month: num(r.month), currency: r.currency, amountCents: num(r.amount), appointments: num(r.count) }));
  },

  /**
   * Appointments with a patient per month of the year (issue 27): held or meant to be held ones — not a
   * public request still to accept, not one the practice cancelled (a cancellation by the patient counts) —
   * how many the patient confirmed, and how many she attended or missed. An appointment recorded with a
   * consultation counts as attended while its attendance is not said.
   */
  async appointmentAnswersByMonth(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod) {
    const month = monthOfInstant(sql.ref('a.start_at'), period.monthBoundaries);
    // Grouped over a subquery's column: PostgreSQL would not match a parameterised CASE in GROUP BY.
    const counted = db
      .selectFrom('appointments as a')
      .select([
        month.as('month'),
        sql<number>`case when a.confirmation = 'confirmed' then 1 else 0 end`.as('confirmed'),
        sql<number>`case when a.attendance = 'attended' or (a.attendance is null and a.consultation_id is not null) then 1 else 0 end`.as('attended'),
        sql<number>`case when a.attendance = 'no_show' then 1 else 0 end`.as('no_show'),
      ])
      .where('a.nutritionist_id', '=', scope.nutritionistId)
      .where('a.patient_id', 'is not', null)
      .where('a.status', '!=', 'pending')
      .where((eb) => eb.or([eb('a.status', '!=', 'cancelled'), eb('a.confirmation', '=', 'cancelled_by_patient')]))
      .where('a.start_at', '>=', period.monthBoundaries[0]!)
      .where('a.start_at', '<', period.monthBoundaries[12]!);
    const rows = await db
      .selectFrom(counted.as('x'))
      .select([
        'x.month',
        sql<number | string>`count(*)`.as('total'),
        sql<number | string>`sum(x.confirmed)`.as('confirmed'),
        sql<number | string>`sum(x.attended)`.as('attended'),
        sql<number | string>`sum(x.no_show)`.as('no_show'),
      ])
      .groupBy('x.month')
      .execute();
    return rows.map((r) => ({ month: num(r.month), appointments: num(r.total), confirmed: num(r.confirmed), attended: num(r.attended), noShows: num(r.no_show) }));
  },

  /** For each patient attended in the month, how many consultations: patients per count. */
  async consultationsPerPatient(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod): Promise<Map<number, number>> {
    const perPatient = db
      .selectFrom('consultations')
      .select(['patient_id', sql<number>`count(*)`.as('n')])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('date', '>=', period.monthStartDate)
      .where('date', '<', period.monthEndDate)
      .groupBy('patient_id');
    const rows = await db
      .selectFrom(perPatient.as('pp'))
      .select(['pp.n', sql<number | string>`count(*)`.as('patients')])
      .groupBy('pp.n')
      .execute();
    return new Map(rows.map((r) => [num(r.n), num(r.patients)]));
  },

  /**
   * Logros: for each patient weighed at a consultation of the month, the latest weight of the month against
   * the first weight ever recorded (two weighings at least), and the latest target weight recorded at a
   * weighing until the month's end.
   */
  async achievements(db: Kysely<DB>, scope: Scope, period: StatisticsPeriod) {
    const n = scope.nutritionistId;
    const { monthStartDate: start, monthEndDate: end } = period;
    const tolerance = TARGET_WEIGHT_TOLERANCE_KG;
    // One pass of window functions per patient (no self-join, no correlated subquery): the first weight,
    // the latest target (targets first, newest first), the latest weighing and how many there are.
    const { rows } = await sql<{ compared: unknown; lost: unknown; gained: unknown; lost_kg: unknown; reached: unknown }>`
      with weighings as (
        select c.patient_id, c.date, a.weight_kg,
          first_value(a.weight_kg) over (partition by c.patient_id order by c.date asc, c.time asc, c.id asc) as first_kg,
          first_value(a.target_weight_kg) over (
            partition by c.patient_id order by case when a.target_weight_kg is null then 1 else 0 end, c.date desc, c.time desc, c.id desc
          ) as target_kg,
          row_number() over (partition by c.patient_id order by c.date desc, c.time desc, c.id desc) as last_rank,
          count(*) over (partition by c.patient_id) as weighings
        from consultations c
        join anthropometry a on a.consultation_id = c.id and a.nutritionist_id = c.nutritionist_id
        where c.nutritionist_id = ${n} and c.date < ${end} and a.weight_kg is not null
          and c.patient_id in (select patient_id from consultations where nutritionist_id = ${n} and date >= ${start} and date < ${end})
      ),
      pairs as (
        select first_kg, weight_kg as last_kg, target_kg from weighings
        where last_rank = 1 and weighings > 1 and date >= ${start}
      )
      select count(*) as compared,
        sum(case when last_kg < first_kg then 1 else 0 end) as lost,
        sum(case when last_kg > first_kg then 1 else 0 end) as gained,
        sum(case when last_kg < first_kg then first_kg - last_kg else 0 end) as lost_kg,
        sum(case when target_kg is not null and (abs(last_kg - target_kg) <= ${tolerance} or (first_kg - target_kg) * (last_kg - target_kg) < 0) then 1 else 0 end) as reached
      from pairs`.execute(db);
    const row = rows[0];
    return {
      patientsCompared: num(row?.compared),
      patientsLostWeight: num(row?.lost),
      patientsGainedWeight: num(row?.gained),
      totalWeightLostKg: Math.round(num(row?.lost_kg) * 10) / 10,
      patientsReachedTarget: num(row?.reached),
    };
  },
};
