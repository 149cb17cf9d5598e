// The one place that talks to the solver: a small linear-model builder written out in CPLEX LP format and
// solved by HiGHS (University of Edinburgh; its WebAssembly build, npm package `highs`). Everything else
// builds models with `LinearModel` and reads values back, so the solver can be swapped behind `solveMilp`.
type Highs = Awaited<ReturnType<typeof import('highs').default>>;
let highs: Promise<Highs> | null = null;
/**
 * Loads the WebAssembly module once per process and keeps it: every solve reuses the same instance (each
 * `solve` call still gets a fresh native solver inside it, so nothing leaks between requests).
 */
const loadHighs = () => (highs ??= import('highs').then((module) => module.default()));

export type Terms = ReadonlyArray<readonly [string, number]>;

interface Column { lo: number; hi: number; integer: boolean }
interface Row { name: string; terms: Terms; lo: number; hi: number }

/** A linear (mixed-integer) minimisation model with named columns. */
export class LinearModel {
  readonly columns = new Map<string, Column>();
  readonly rows: Row[] = [];
  readonly objective = new Map<string, number>();

  /** Adds a column (a variable) with its bounds; returns its name. */
  variable(name: string, lo = 0, hi = Infinity, integer = false): string {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad column name ${name}`);
    this.columns.set(name, { lo, hi, integer });
    return name;
  }

  /** lo ≤ Σ coef·column ≤ hi (either side may be infinite). */
  constrain(name: string, terms: Terms, lo: number, hi: number): void {
    this.rows.push({ name, terms, lo, hi });
  }

  /** Adds `weight`·column to the objective. */
  cost(column: string, weight: number): void {
    this.objective.set(column, (this.objective.get(column) ?? 0) + weight);
  }

  /** Two new non-negative columns with expr − target = plus − minus, both charged `weight`: weight·|expr − target|. */
  absoluteDeviation(name: string, terms: Terms, target: number, weight: number): void {
    const plus = this.variable(`${name}_p`);
    const minus = this.variable(`${name}_m`);
    this.constrain(name, [...terms, [plus, -1], [minus, 1]], target, target);
    this.cost(plus, weight);
    this.cost(minus, weight);
  }

  /** CPLEX LP text (HiGHS's reader). Ranged rows become two rows. */
  toLp(): string {
    const num = (x: number) => {
      const s = Number(x.toPrecision(12)).toString();
      return s.includes('e') ? x.toFixed(12) : s;
    };
    const expr = (terms: Terms) => {
      const merged = new Map<string, number>();
      for (const [c, k] of terms) merged.set(c, (merged.get(c) ?? 0) + k);
      const parts = [...merged].filter(([, k]) => k !== 0).map(([c, k], i) => `${k < 0 ? '-' : i === 0 ? '' : '+'} ${num(Math.abs(k))} ${c}`);
      return parts.length ? parts.join(' ') : `0 ${this.columns.keys().next().value}`;
    };
    const lines = ['Minimize', ` obj: ${expr([...this.objective])}`, 'Subject To'];
    for (const row of this.rows) {
      if (row.lo === row.hi) lines.push(` ${row.name}: ${expr(row.terms)} = ${num(row.lo)}`);
      else {
        if (Number.isFinite(row.lo)) lines.push(` ${row.name}_lo: ${expr(row.terms)} >= ${num(row.lo)}`);
        if (Number.isFinite(row.hi)) lines.push(` ${row.name}_hi: ${expr(row.terms)} <= ${num(row.hi)}`);
      }
    }
    lines.push('Bounds');
    const integers: string[] = [];
    for (const [name, c] of this.columns) {
      lines.push(` ${Number.isFinite(c.lo) ? num(c.lo) : '-inf'} <= ${name} <= ${Number.isFinite(c.hi) ? num(c.hi) : '+inf'}`);
      if (c.integer) integers.push(name);
    }
    if (integers.length) lines.push('General', ` ${integers.join(' ')}`);
    lines.push('End');
    return lines.join('\n');
  }
}

export type MilpOutcome =
  | { status: 'optimal' | 'feasible'; objective: number; values: Map<string, number> }
  | { status: 'infeasible' | 'unsolved' };

/**
 * Solves the model. 'feasible' = the time limit stopped the search with a solution that meets every
 * constraint but may not be the best; 'unsolved' = stopped without one (or an unexpected status).
 */
export async function solveMilp(
  model: LinearModel,
  options: { timeLimitSeconds?: number; relativeGap?: number; absoluteGap?: number; budgetSeconds?: number } = {},
): Promise<MilpOutcome> {
  const solver = await loadHighs();
  const lp = model.toLp();
  const run = (timeLimit: number) =>
    solver.solve(lp, {
      output_flag: false,
      time_limit: timeLimit,
      mip_rel_gap: options.relativeGap ?? 0.05,
      mip_abs_gap: options.absoluteGap ?? 0.5,
      random_seed: 1,
    });
  const limit = options.timeLimitSeconds ?? 2;
  // With a budget, the search stops at the budget and keeps its best answer so far (every answer meets all the
  // constraints; the budget only trades how close to the best it is); only when the budget ran out before any
  // answer was found does it search again up to the full limit.
  let result = run(options.budgetSeconds !== undefined ? Math.min(options.budgetSeconds, limit) : limit);
  if (options.budgetSeconds !== undefined && options.budgetSeconds < limit && result.Status === 'Time limit reached' && !hasSolution(result)) result = run(limit);
  if (result.Status === 'Infeasible' || result.Status === 'Primal infeasible or unbounded') return { status: 'infeasible' };
  const values = new Map<string, number>();
  const readValues = () => {
    for (const [name, column] of Object.entries(result.Columns)) values.set(name, (column as { Primal?: number }).Primal ?? 0);
  };
  if (result.Status === 'Optimal') {
    readValues();
    return { status: 'optimal', objective: result.ObjectiveValue, values };
  }
  if (result.Status === 'Time limit reached' && hasSolution(result)) {
    readValues();
    return { status: 'feasible', objective: result.ObjectiveValue, values };
  }
  return { status: 'unsolved' };
}

const hasSolution = (result: { Columns: Record<string, unknown>; ObjectiveValue: number }) => Object.keys(result.Columns).length > 0 && Number.isFinite(result.ObjectiveValue);

