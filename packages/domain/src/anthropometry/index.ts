/** Public surface of the anthropometry module: pure body-composition formulas and the aggregate report. */
export * from './common.js';
export * from './bmi.js';
export * from './body-fat.js';
export * from './somatotype.js';
export * from './muscle-mass.js';
export * from './bone-mass.js';
export * from './arm-areas.js';
export * from './ideal-weight.js';
export * from './gestation.js';
export * from './compute.js';
