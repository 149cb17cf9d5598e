/** Public surface of the scheduling module: wall-clock times, time zones, slots, calendar hours, colours. */
export * from './time-of-day.js';
export * from './time-zone.js';
export * from './slots.js';
export * from './calendar-hours.js';
export * from './colour.js';
