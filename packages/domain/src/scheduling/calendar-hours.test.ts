import { describe, expect, it } from 'vitest';
import { calendarHours } from './calendar-hours.js';

describe('calendarHours (legacy /horario-min-max)', () => {
  it('without schedules answers the spec defaults 05:00–18:00, step 5, with the alert on (seed 1 §9)', () => {
    expect(calendarHours([])).toEqual({ min: '05:00', max: '18:00', alert: true, stepMinutes: 5 });
  });

  it('spans from the earliest opening to the latest closing over every range', () => {
    expect(
      calendarHours([
        { start: '09:00', end: '13:00' },
        { start: '07:30', end: '10:00' },
        { start: '16:00', end: '21:15' },
      ]),
    ).toEqual({ min: '07:30', max: '21:15', alert: false, stepMinutes: 5 });
  });

  it('keeps a range that closes at midnight as 24:00', () => {
    expect(calendarHours([{ start: '18:00', end: '24:00' }]).max).toBe('24:00');
  });
});
