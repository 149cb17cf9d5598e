export * from './plan-state.js';
export * from './fiscal-document.js';
export * from './subscription-machine.js';
export * from './processor-failure.js';
