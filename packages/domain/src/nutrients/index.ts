/** Public surface of the nutrients module: keys, scaling, the food calculator, dishes, display, search, measure names. */
export * from './nutrient-keys.js';
export * from './values.js';
export * from './totals.js';
export * from './quantities.js';
export * from './calculator.js';
export * from './dish.js';
export * from './display.js';
export * from './summary-groups.js';
export * from './food-search.js';
export * from './measure-names.js';
export * from './english-words.js';
export * from './household.js';
