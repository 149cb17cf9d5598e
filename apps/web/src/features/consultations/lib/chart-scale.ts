// The value axis of an evolution chart. An axis fitted to the data makes a 0,2 kg change fill the whole
// height and look like a cliff; each measure has a minimum span instead, wide enough that a clinically
// small change looks small (DESIGN: numbers shown to a nutritionist must read right).

/** Smallest span of the value axis per measure, in the measure's unit. */
export const MINIMUM_AXIS_SPAN = {
  weightKg: 5,
  bmi: 2,
  bodyFatPercent: 5,
  sumSixSkinfoldsMm: 20,
  waistCm: 5,
  muscleMassKg: 3,
  visceralFat: 4,
  visceralFatKg: 1,
  totalWaterKg: 3,
} as const;

/**
 * [min, max] of the axis: the data's own range when it is wider than `minimumSpan` (with 10 % margin),
 * else `minimumSpan` centred on the data. Never below 0 for measures that cannot be negative.
 */
export function axisDomain(values: readonly number[], minimumSpan: number): [number, number] {
  if (values.length === 0) return [0, minimumSpan];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low;
  let [from, to] = span >= minimumSpan ? [low - span * 0.1, high + span * 0.1] : [(low + high) / 2 - minimumSpan / 2, (low + high) / 2 + minimumSpan / 2];
  if (from < 0) [from, to] = [0, to - from];
  return [roundAxis(from, 'down'), roundAxis(to, 'up')];
}

function roundAxis(value: number, direction: 'up' | 'down'): number {
  const step = 0.5;
  return (direction === 'up' ? Math.ceil(value / step) : Math.floor(value / step)) * step;
}
