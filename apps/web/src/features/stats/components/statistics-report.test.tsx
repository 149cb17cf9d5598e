// The statistics report renders every series' numbers in its table (the charts are decorative), in the
// interface's language and number format, and says so when a series or the whole month is empty.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Statistics } from '@almendra/contracts';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { statisticsCsv } from '../lib/stats-table';
import { StatisticsReport } from './statistics-report';

const months = (values: Record<number, number>) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: values[i + 1] ?? 0 }));

const march: Statistics = {
  year: 2026,
  month: 3,
  timeZone: 'America/Argentina/Buenos_Aires',
  achievements: { patientsCompared: 4, patientsLostWeight: 2, patientsGainedWeight: 2, totalWeightLostKg: 5.5, patientsReachedTarget: 2 },
  newPatients: { total: 3, byMonth: months({ 1: 1, 3: 3, 4: 1 }) },
  completedConsultations: { total: 9, byMonth: months({ 1: 1, 2: 3, 3: 9, 4: 1 }) },
  ages: [
    { band: '0-17', count: 1 },
    { band: '18-29', count: 1 },
    { band: '30-39', count: 1 },
    { band: '40-49', count: 0 },
    { band: '50-59', count: 0 },
    { band: '60+', count: 1 },
    { band: 'unknown', count: 1 },
  ],
  gender: [
    { sex: 'f', count: 3 },
    { sex: 'm', count: 1 },
    { sex: 'unknown', count: 1 },
  ],
  patientTypes: [
    { typeId: 14, name: 'Genérico', nameEn: 'Generic', count: 2 },
    { typeId: 2, name: 'Deportista', nameEn: 'Athlete', count: 1 },
  ],
  billing: {
    totals: [{ currency: 'ARS', amountCents: 5_000_000, appointments: 3 }],
    byMonth: [
      { month: 2, currency: 'ARS', amountCents: 1_500_000, appointments: 1 },
      { month: 3, currency: 'ARS', amountCents: 5_000_000, appointments: 3 },
    ],
    unpricedAppointments: 1,
  },
  consultationsPerPatient: {
    consultations: 9,
    patients: 5,
    average: 1.8,
    distribution: [
      { consultations: '1', patients: 2 },
      { consultations: '2', patients: 2 },
      { consultations: '3', patients: 1 },
      { consultations: '4+', patients: 0 },
    ],
  },
  attendance: {
    month: 3,
    appointments: 4,
    confirmed: 2,
    attended: 1,
    noShows: 2,
    noShowRate: 0.6667,
    confirmedShare: 0.5,
    byMonth: Array.from({ length: 12 }, (_, i) =>
      i === 2
        ? { month: 3, appointments: 4, confirmed: 2, attended: 1, noShows: 2, noShowRate: 0.6667, confirmedShare: 0.5 }
        : { month: i + 1, appointments: 0, confirmed: 0, attended: 0, noShows: 0, noShowRate: null, confirmedShare: null },
    ),
  },
};

const emptyMonth: Statistics = {
  ...march,
  month: 7,
  year: 2025,
  achievements: { patientsCompared: 0, patientsLostWeight: 0, patientsGainedWeight: 0, totalWeightLostKg: 0, patientsReachedTarget: 0 },
  newPatients: { total: 0, byMonth: months({}) },
  completedConsultations: { total: 0, byMonth: months({}) },
  ages: march.ages.map((a) => ({ ...a, count: 0 })),
  gender: march.gender.map((g) => ({ ...g, count: 0 })),
  patientTypes: [],
  billing: { totals: [], byMonth: [], unpricedAppointments: 0 },
  consultationsPerPatient: { consultations: 0, patients: 0, average: 0, distribution: march.consultationsPerPatient.distribution.map((d) => ({ ...d, patients: 0 })) },
};

/** The value cell of the row headed `label` in the table captioned with the series' title. */
function cell(title: string, label: string): string {
  const table = screen.getByRole('table', { name: `Valores de «${title}»` });
  const row = within(table).getByRole('row', { name: new RegExp(`^${label}\\b`) });
  return within(row).getAllByRole('cell').at(-1)!.textContent ?? '';
}

afterEach(async () => {
  await i18n.changeLanguage('es');
});

// Rendering every chart in jsdom takes seconds when the machine is busy.
describe('StatisticsReport', { timeout: 30_000 }, () => {
  it('shows each series in a table under its chart, in es-AR number format', async () => {
    await i18n.changeLanguage('es-AR');
    renderWithProviders(<StatisticsReport stats={march} />);
    expect(cell('Pacientes nuevos por mes', 'Mar')).toBe('3');
    expect(cell('Pacientes nuevos por mes', 'Abr')).toBe('1');
    expect(cell('Consultas realizadas', 'Feb')).toBe('3');
    expect(cell('Logros', 'Kilos bajados en total')).toBe('5,5');
    expect(cell('Logros', 'Alcanzaron su peso objetivo')).toBe('2');
    expect(cell('Edades de los pacientes', '60 o más')).toBe('1');
    expect(cell('Edades de los pacientes', 'Sin fecha de nacimiento')).toBe('1');
    expect(cell('Género', 'Femenino')).toBe('3');
    expect(cell('Clasificación por tipo de paciente', 'Genérico')).toBe('2');
    expect(cell('Consultas por paciente (CPP)', '3 consultas')).toBe('1');
    expect(screen.getByTestId('stats-cpp-average')).toHaveTextContent('1,8');
    expect(screen.getByTestId('billing-3-ARS').textContent?.replace(/\s/g, ' ')).toBe('$ 50.000,00');
    expect(screen.getByText('1 turno realizado sin servicio no suma importe.')).toBeInTheDocument();
    expect(screen.queryByTestId('stats-empty-month')).toBeNull();
  });

  it('shows the month’s no-show rate and share confirmed, and "—" for a month without appointments', async () => {
    await i18n.changeLanguage('es-AR');
    renderWithProviders(<StatisticsReport stats={march} />);
    expect(screen.getByTestId('stats-no-show-rate')).toHaveTextContent(/^66,7\s?%$/);
    expect(screen.getByTestId('stats-confirmed-share')).toHaveTextContent(/^50\s?%$/);
    expect(screen.getByText('Ausentismo: 2 de 3 turnos con asistencia conocida')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Valores de «Asistencia y confirmaciones»' });
    expect(within(table).getByTestId('attendance-3')).toHaveTextContent(/Marzo\s*4\s*2\s*1\s*2\s*66,7\s?%\s*50\s?%/);
    expect(within(table).getByTestId('attendance-4')).toHaveTextContent(/Abril\s*0\s*0\s*0\s*0\s*—\s*—/);
  });

  it('an empty month says so and shows zeros, not blank charts', () => {
    renderWithProviders(<StatisticsReport stats={emptyMonth} />);
    expect(screen.getByTestId('stats-empty-month')).toHaveTextContent('No hay actividad registrada en Julio 2025');
    expect(cell('Consultas realizadas', 'Jul')).toBe('0');
    expect(cell('Género', 'Masculino')).toBe('0');
    expect(screen.getAllByTestId('stats-no-data').length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText('Sin turnos realizados con servicio en Julio 2025.')).toBeInTheDocument();
  });

  it('speaks English with the English type names', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<StatisticsReport stats={march} />);
    const table = screen.getByRole('table', { name: 'Values of “Classification by patient type”' });
    expect(within(table).getByRole('row', { name: /^Athlete/ })).toHaveTextContent('1');
  });

  it('the CSV holds every series, in the Spanish dialect an Argentine Excel opens as columns', () => {
    const csv = statisticsCsv(march, i18n.getFixedT('es', 'stats'), 'es');
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('serie;clave;valor;moneda');
    expect(lines).toContain('Logros;Kilos bajados en total;5,5;');
    expect(lines).toContain('Pacientes nuevos por mes;2026-03;3;');
    expect(lines).toContain('Facturación;2026-03;50000;ARS');
    expect(lines).toContain('Consultas por paciente (CPP);Promedio de consultas por paciente;1,8;');
    expect(lines).toContain('Edades de los pacientes;60 o más;1;');
    // The attendance figures the screen shows (66,7 % and 50 % in March), per month; April has none: empty.
    expect(lines).toContain('Ausentismo mensual (%);2026-03;66,7;');
    expect(lines).toContain('Turnos confirmados por el paciente (%);2026-03;50;');
    expect(lines).toContain('Ausentismo mensual (%);2026-04;;');
    const english = statisticsCsv(march, i18n.getFixedT('en', 'stats'), 'en').slice(1).trimEnd().split('\r\n');
    expect(english).toContain('Monthly no-show rate (%),2026-03,66.7,');
  });
});
