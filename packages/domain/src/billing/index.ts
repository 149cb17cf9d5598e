export * from './plan-state.js';
export * from './fiscal-document.js';
