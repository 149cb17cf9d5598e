import { describe, expect, it } from 'vitest';
import { normalizeTimeInput, scheduleIssues } from './schedule-editor';

describe('schedule editor checks', () => {
  it('completes hours typed short and leaves what it cannot read for the check to name', () => {
    expect(normalizeTimeInput('7')).toBe('07:00');
    expect(normalizeTimeInput('930')).toBe('09:30');
    expect(normalizeTimeInput('9.30')).toBe('09:30');
    expect(normalizeTimeInput('13:00')).toBe('13:00');
    expect(normalizeTimeInput('')).toBe('');
    expect(normalizeTimeInput('9:5')).toBe('9:5');
  });

  it('keys every error of the week by weekday, range and field, all at once', () => {
    const issues = scheduleIssues([
      { weekday: 1, ranges: [{ start: '09:00', end: '13:00' }] },
      { weekday: 3, ranges: [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '25:00' }] },
      { weekday: 5, ranges: [{ start: '09:00', end: '13:00' }, { start: '12:00', end: '18:00' }] },
      { weekday: 6, ranges: [{ start: '18:00', end: '10:00' }] },
    ]);
    expect(issues).toEqual({
      '3.1.end': 'Usa el formato de hora HH:mm (00:00 a 24:00).',
      '5.1.start': 'Los horarios de un mismo día no pueden superponerse.',
      '6.0.end': 'La hora de inicio debe ser anterior a la de fin.',
    });
    expect(scheduleIssues([{ weekday: 2, ranges: [{ start: '08:00', end: '24:00' }] }])).toEqual({});
  });
});
