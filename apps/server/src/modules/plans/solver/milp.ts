// The one place that talks to the solver: a small linear-model builder written out in CPLEX LP format and
// solved by HiGHS (University of Edinburgh; its WebAssembly build, npm package `highs`). Everything else
// builds models with `LinearModel` and reads values back, so the solver can be swapped behind `solveMilp`.
import v8 from 'node:v8';

type Highs = Awaited<ReturnType<typeof import('highs').default>>;
let highs: Promise<Highs> | null = null;
/**
 * Loads the WebAssembly module once per process and keeps it: every solve reuses the same instance (each
 * `solve` call still gets a fresh native solver inside it, so nothing leaks between requests).
 *
 * V8 first compiles WebAssembly with its quick baseline compiler (Liftoff) and recompiles the hot functions
 * with its optimising one (TurboFan) in background threads; on a busy machine those threads wait, and for a
 * while every solve runs the slow baseline code (docs/benchmarks.md measured solves 2–10× slower in a
 * process's first minute). `--no-liftoff` compiles HiGHS once, optimised, when it is loaded — the server
 * loads it at start (warm-up.ts), so no request pays for it. HiGHS is the only WebAssembly the server runs.
 * `ALMENDRA_WASM_LIFTOFF=1` keeps V8's default (the benchmark's comparison).
 */
const loadHighs = () =>
  (highs ??= (async () => {
    if (process.env.ALMENDRA_WASM_LIFTOFF !== '1') v8.setFlagsFromString('--no-liftoff');
    const module = await import('highs');
    return module.default();
  })());

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

  /**
   * CPLEX LP text (HiGHS's reader). Ranged rows become two rows. `relaxed`: every column continuous (the
   * linear relaxation); `bounds`: other bounds for some columns (the rounding step's box).
   */
  toLp(variant: { relaxed?: boolean; bounds?: ReadonlyMap<string, readonly [number, number]> } = {}): string {
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
      const [lo, hi] = variant.bounds?.get(name) ?? [c.lo, c.hi];
      lines.push(` ${Number.isFinite(lo) ? num(lo) : '-inf'} <= ${name} <= ${Number.isFinite(hi) ? num(hi) : '+inf'}`);
      if (c.integer && !variant.relaxed) integers.push(name);
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
    for (const [name, column] of Object.entries(result.Columns)) values.set(name, primal(column));
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


const primal = (column: unknown) => (column as { Primal?: number } | undefined)?.Primal ?? 0;

/** How far beyond ⌊x⌋ and ⌈x⌉ the rounding step may go, tried in turn (in steps of the column). */
const ROUNDING_WINDOWS = [0, 1] as const;

/**
 * The same model solved in two short steps instead of one long search (docs/plans.md, "Cómo se resuelve a
 * tiempo"): first its linear relaxation (every column continuous — if even that has no answer, the model has
 * none, exactly), then the model itself with each integer column boxed to the whole numbers around its
 * relaxed value (⌊x⌋ or ⌈x⌉; if no rounding there meets the constraints, one step more on each side). Every
 * constraint is kept exactly as written, so an answer of the box meets them all; the box only limits how
 * far from the relaxation's optimum the answer can wander, which is where the good answers are. Only when
 * no answer is found in the box does it search the whole model (`solveMilp`, within what is left of the
 * budget). HiGHS's feasibility-jump heuristic is off in the box: there it found nothing the root rounding
 * did not, and cost three quarters of each solve (docs/benchmarks.md).
 */
export async function solveMilpFromRelaxation(
  model: LinearModel,
  options: { timeLimitSeconds?: number; relativeGap?: number; absoluteGap?: number; budgetSeconds?: number } = {},
): Promise<MilpOutcome & { step: 'relaxation' | 'rounding' | 'search' }> {
  const solver = await loadHighs();
  const started = performance.now();
  const limit = options.budgetSeconds ?? options.timeLimitSeconds ?? 2;
  const left = () => Math.max(0.02, limit - (performance.now() - started) / 1000);
  const relaxed = solver.solve(model.toLp({ relaxed: true }), { output_flag: false, time_limit: left() });
  if (relaxed.Status === 'Infeasible') return { status: 'infeasible', step: 'relaxation' };
  if (relaxed.Status === 'Optimal') {
    for (const window of ROUNDING_WINDOWS) {
      const bounds = new Map<string, readonly [number, number]>();
      for (const [name, c] of model.columns) {
        if (!c.integer) continue;
        const x = primal(relaxed.Columns[name]);
        bounds.set(name, [Math.max(c.lo, Math.floor(x + 1e-6) - window), Math.min(c.hi, Math.ceil(x - 1e-6) + window)]);
      }
      const result = solver.solve(model.toLp({ bounds }), {
        output_flag: false,
        time_limit: left(),
        mip_rel_gap: options.relativeGap ?? 0.05,
        mip_abs_gap: options.absoluteGap ?? 0.5,
        random_seed: 1,
        // A HiGHS option (≥ 1.10) the package's types do not list yet; HiGHS rejects unknown options, so a
        // rename would fail loudly here, not silently.
        ...({ mip_heuristic_run_feasibility_jump: false } as object),
      });
      if ((result.Status === 'Optimal' || result.Status === 'Time limit reached') && hasSolution(result)) {
        const values = new Map<string, number>();
        for (const [name, column] of Object.entries(result.Columns)) values.set(name, primal(column));
        return { status: 'feasible', objective: result.ObjectiveValue, values, step: 'rounding' };
      }
      if (result.Status !== 'Infeasible') break;
    }
  }
  const outcome = await solveMilp(model, { ...options, ...(options.budgetSeconds !== undefined && { budgetSeconds: left() }) });
  return { ...outcome, step: 'search' };
}
