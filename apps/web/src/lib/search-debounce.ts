// Seed 2, section 9: calls made while typing (patient, food, dish, plan searches) wait 500 ms after the
// last keystroke. One constant, so no screen drifts from it again (/nuevo-plan once waited 250 ms).
export const SEARCH_DEBOUNCE_MS = 500;
