// Pure calculations shared by server and web: no I/O, exhaustively unit-tested.
export * from './anthropometry/index.js';
export * from './energy/index.js';
// The WHO growth vocabulary and age rules only; the z-scores and their ~100 KB of tables are imported
// from '@almendra/domain/growth', so a screen that does not assess growth never loads them.
export * from './growth/growth-age.js';
export * from './growth/lms.js';
export * from './scheduling/index.js';
export * from './nutrients/index.js';
export * from './plans/index.js';
export * from './phones/index.js';
export * from './onboarding.js';
export * from './billing/index.js';
export * from './csv/index.js';
