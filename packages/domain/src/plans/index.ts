/** Public surface of the plans module: meal slots, plan content checks and copies, plan totals. */
export * from './meal-slots.js';
export * from './plan-content.js';
export * from './plan-totals.js';
export * from './adequacy.js';
export * from './portion-plausibility.js';
