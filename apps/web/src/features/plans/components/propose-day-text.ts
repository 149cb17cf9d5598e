// "Proponer un día" in the interface's language: why a food or dish was left out (the answer's `cause`, a code
// and the patient's recorded term) and why there is no day (a 422 INFEASIBLE's `details.reason` and numbers),
// worded from the plans namespace rather than the server's Spanish `reason` and `message`.
import type { TFunction } from 'i18next';
import type { ProposeDayExclusionCause } from '@almendra/contracts';
import { isApiError } from '../../../lib/api-error';
import { fmt } from './format';

/** "alergia: maní", "no le gusta (lleva Huevo…)", "already on a neighbouring day". */
export function exclusionText(t: TFunction<'plans'>, cause: ProposeDayExclusionCause): string {
  const reason = t(`solver.cause.${cause.code}`, { term: cause.term ?? '' });
  return cause.ingredient ? t('solver.causeIngredient', { reason, ingredient: cause.ingredient }) : reason;
}

type Target = 'energy' | 'protein' | 'fat' | 'carbs';
const TARGETS: readonly string[] = ['energy', 'protein', 'fat', 'carbs'];
interface Bound { target: Target; bound: number }
interface Details {
  reason?: unknown;
  slot?: unknown;
  violations?: (Bound & { closest: number })[];
  limits?: (Bound & { side: 'max' | 'min' })[];
  closest?: { energyKcal: number; proteinPct: number; fatPct: number; carbsPct: number };
}

/**
 * Why no day was proposed, in words, or null when the error is not one the dialog knows (then the server's
 * message is shown as for any error). `mealName` names a meal slot as the plan calls it.
 */
export function proposeProblemText(t: TFunction<'plans'>, language: string, error: unknown, mealName: (slot: number) => string): string | null {
  if (!isApiError(error) || error.code !== 'INFEASIBLE' || !error.details || typeof error.details !== 'object') return null;
  const d = error.details as Details;
  switch (d.reason) {
    case 'no-candidates':
      return typeof d.slot === 'number' ? t('solver.problem.noCandidates', { meal: mealName(d.slot) }) : null;
    case 'no-favourites':
      return t('solver.problem.noFavourites');
    case 'rounding':
      return t('solver.problem.rounding');
    case 'time-limit':
      return t('solver.problem.timeLimit');
    case 'portions':
      return t('solver.problem.portions');
    case 'targets': {
      const c = d.closest;
      if (!c || !Array.isArray(d.violations)) return null;
      const known = <T extends Bound>(list: T[] | undefined) => (list ?? []).filter((b) => TARGETS.includes(b.target));
      const value = (b: Bound) => t(`solver.problem.value.${b.target}`, { value: fmt(b.bound, language, 1) });
      const or = t('solver.problem.or');
      const violations = known(d.violations);
      const what = violations.length
        ? violations.map((v) => t(v.closest < v.bound ? 'solver.problem.reach' : 'solver.problem.goBelow', { value: value(v) })).join(or)
        : t('solver.problem.allAtOnce');
      const limits = known(d.limits);
      return t('solver.problem.targets', {
        what,
        limits: limits.length ? t('solver.problem.without', { list: limits.map((l) => t(l.side === 'max' ? 'solver.problem.exceeding' : 'solver.problem.under', { value: value(l) })).join(or) }) : '',
        kcal: fmt(c.energyKcal, language),
        protein: fmt(c.proteinPct, language, 1),
        fat: fmt(c.fatPct, language, 1),
        carbs: fmt(c.carbsPct, language, 1),
      });
    }
    default:
      return null;
  }
}
