// The rows each series shows in its table (and its chart), and the whole month as CSV. One place turns
// the API's answer into labelled rows, so the chart, the table and the CSV never disagree.
import type { AgeBand, Statistics } from '@almendra/contracts';
import type { TFunction } from 'i18next';
import { csvDialectFor, toCsv, type CsvCell } from '@almendra/domain';
import { formatMonthName } from '../../../lib/dates';

export interface SeriesRow {
  key: string;
  label: string;
  value: number;
}

export function monthName(language: string, month: number, style: 'long' | 'short' = 'long'): string {
  const name = formatMonthName(month, language, style);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function periodLabel(language: string, year: number, month: number): string {
  return `${monthName(language, month)} ${year}`;
}

export function ageBandLabel(t: TFunction<'stats'>, band: AgeBand): string {
  if (band === 'unknown') return t('ages.unknown');
  if (band === '60+') return t('ages.over', { from: 60 });
  const [from, to] = band.split('-');
  return t('ages.range', { from, to });
}

export function formatMoney(language: string, amountCents: number, currency: string, compact = false): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, ...(compact ? { notation: 'compact' as const } : {}) }).format(amountCents / 100);
  } catch {
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountCents / 100)} ${currency}`;
  }
}

/** The currency the billing chart draws: the month's largest total, else the year's first. */
export function mainCurrency(stats: Statistics): string | null {
  return stats.billing.totals[0]?.currency ?? stats.billing.byMonth[0]?.currency ?? null;
}

export function seriesRows(stats: Statistics, t: TFunction<'stats'>, language: string) {
  const byMonth = (rows: Array<{ month: number; count: number }>): SeriesRow[] =>
    rows.map((r) => ({ key: String(r.month), label: monthName(language, r.month, 'short'), value: r.count }));
  const currency = mainCurrency(stats);
  return {
    achievements: (['patientsCompared', 'patientsLostWeight', 'patientsGainedWeight', 'totalWeightLostKg', 'patientsReachedTarget'] as const).map(
      (key): SeriesRow => ({ key, label: t(`achievements.${key}`), value: stats.achievements[key] }),
    ),
    newPatients: byMonth(stats.newPatients.byMonth),
    consultations: byMonth(stats.completedConsultations.byMonth),
    ages: stats.ages.map((a): SeriesRow => ({ key: a.band, label: ageBandLabel(t, a.band), value: a.count })),
    gender: stats.gender.map((g): SeriesRow => ({ key: g.sex, label: t(`gender.${g.sex}`), value: g.count })),
    patientTypes: stats.patientTypes.map((p): SeriesRow => ({ key: String(p.typeId), label: language === 'en' ? p.nameEn : p.name, value: p.count })),
    /** The main currency's billing per month, in currency units (not cents). */
    billing: Array.from({ length: 12 }, (_, index): SeriesRow => {
      const row = stats.billing.byMonth.find((b) => b.month === index + 1 && b.currency === currency);
      return { key: String(index + 1), label: monthName(language, index + 1, 'short'), value: (row?.amountCents ?? 0) / 100 };
    }),
    cpp: stats.consultationsPerPatient.distribution.map(
      (d): SeriesRow => ({
        key: d.consultations,
        label: d.consultations === '4+' ? t('cpp.bucketMore') : t('cpp.bucket', { count: Number(d.consultations) }),
        value: d.patients,
      }),
    ),
  };
}

/**
 * Every series of the month as "series, key, value, currency" rows, written by the shared toCsv of
 * @almendra/domain in the language's spreadsheet dialect (";" and decimal comma in Spanish, ","
 * and decimal point in English).
 */
export function statisticsCsv(stats: Statistics, t: TFunction<'stats'>, language: string): string {
  const rows = seriesRows(stats, t, language);
  const lines: CsvCell[][] = [[t('csv.series'), t('csv.key'), t('csv.value'), t('csv.currency')]];
  const add = (title: string, series: SeriesRow[]) => series.forEach((r) => lines.push([title, r.label, r.value, '']));
  // Months as 'YYYY-MM', which spreadsheets and scripts read without knowing the language.
  const monthKey = (month: number) => `${stats.year}-${String(month).padStart(2, '0')}`;
  const addMonthly = (title: string, series: Array<{ month: number; count: number }>) => series.forEach((r) => lines.push([title, monthKey(r.month), r.count, '']));
  add(t('achievements.title'), rows.achievements);
  addMonthly(t('newPatients.title'), stats.newPatients.byMonth);
  addMonthly(t('consultations.title'), stats.completedConsultations.byMonth);
  add(t('ages.title'), rows.ages);
  add(t('gender.title'), rows.gender);
  add(t('patientTypes.title'), rows.patientTypes);
  for (const b of stats.billing.byMonth) lines.push([t('billing.title'), monthKey(b.month), b.amountCents / 100, b.currency]);
  lines.push([t('cpp.title'), t('cpp.average'), stats.consultationsPerPatient.average, '']);
  add(t('cpp.title'), rows.cpp);
  // What "Asistencia y confirmaciones" shows, month by month: the no-show rate and the share the patient
  // confirmed, as percentages with one decimal like the screen; a month with nothing to divide by is an
  // empty value (the screen's "—"), never 0.
  const percent = (rate: number | null) => (rate === null ? '' : Math.round(rate * 1000) / 10);
  for (const r of stats.attendance.byMonth) lines.push([t('csv.noShowRate'), monthKey(r.month), percent(r.noShowRate), '']);
  for (const r of stats.attendance.byMonth) lines.push([t('csv.confirmedShare'), monthKey(r.month), percent(r.confirmedShare), '']);
  return toCsv(lines, csvDialectFor(language));
}
