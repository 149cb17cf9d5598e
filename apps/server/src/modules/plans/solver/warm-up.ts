// Warms the plan solvers up when the server starts: loads HiGHS's WebAssembly module and solves one exchange
// distribution and one formula day, so that V8 has compiled the solver's hot code before the first
// nutritionist presses "Distribuir automáticamente" (otherwise that first call takes seconds).
import { exchangeGroupsFor } from '../exchange-groups.js';
import { solveExchanges } from './exchange-distribution.js';
import { solveFormulaDay, type ResolvedLine } from './formula-day.js';

const line = (slot: number, grams: number, perGram: ResolvedLine['perGram']): ResolvedLine => ({
  item: { foodId: 'warm-up', slot, grams },
  perGram,
  stepGrams: 10,
  household: () => null,
});

/** Resolves with the milliseconds it took; never rejects (a failed warm-up only means a slower first call). */
export async function warmUpPlanSolver(): Promise<number> {
  const start = performance.now();
  const groups = exchangeGroupsFor('AR')?.groups;
  try {
    if (groups) {
      await solveExchanges(
        {
          targetEnergyKcal: 1800,
          macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 },
          distribution: [
            { slot: 1, pct: 20 },
            { slot: 3, pct: 35 },
            { slot: 4, pct: 15 },
            { slot: 6, pct: 30 },
          ],
          step: 0.5,
        },
        groups,
      );
    }
    // Milk, lean beef, cooked rice and oil, per gram.
    await solveFormulaDay(1600, { proteinPct: 20, fatPct: 30, carbsPct: 50 }, [
      line(1, 400, { energyKcal: 0.61, proteinG: 0.032, fatG: 0.033, carbsG: 0.048 }),
      line(3, 200, { energyKcal: 1.65, proteinG: 0.31, fatG: 0.036, carbsG: 0 }),
      line(3, 300, { energyKcal: 1.3, proteinG: 0.027, fatG: 0.003, carbsG: 0.28 }),
      line(6, 20, { energyKcal: 8.84, proteinG: 0, fatG: 1, carbsG: 0 }),
    ]);
  } catch {
    // An answer of 422 still warmed the solver up.
  }
  return performance.now() - start;
}
