// Pure calculations shared by server and web: no I/O, exhaustively unit-tested.
export * from './anthropometry/index.js';
export * from './energy/index.js';
export * from './growth/index.js';
export * from './scheduling/index.js';
export * from './nutrients/index.js';
export * from './plans/index.js';
export * from './phones/index.js';
export * from './onboarding.js';
export * from './billing/index.js';
export * from './csv/index.js';
