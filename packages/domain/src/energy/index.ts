/** Public surface of the energy module: basal metabolic rate, energy requirement and plan goals. */
export * from './bmr.js';
export * from './goals.js';
export * from './pediatric.js';
