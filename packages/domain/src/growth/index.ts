/** Public surface of the growth module: WHO growth standards (0–5 y) and reference (5–19 y). */
export * from './lms.js';
export * from './growth-age.js';
export * from './growth.js';
export * from './growth-chart-series.js';
