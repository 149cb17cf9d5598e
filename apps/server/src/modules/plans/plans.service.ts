// Meal plans: meal slots, plan CRUD (templates have patient_id NULL), copies, publishing, and the computed
// view. Content is validated by packages/domain against the nutritionist's enabled meal slots and every
// food/dish is checked to be visible to the tenant before one transactional write. Totals, the energy
// target and deviations are computed by packages/domain on every read and never stored.
import type { Kysely, Selectable } from 'kysely';
import {
  PLAN_LIST_PAGE_SIZE,
  PLAN_VERSION_CONFLICT_MESSAGE,
  type CreatePlanRequest,
  type ExchangeGroupsResponse,
  type MealSlotsResponse,
  type Plan,
  type PlanComputed,
  type PlanContentInput,
  type PlanItemView,
  type PlanListResponse,
  type PlanSummary,
  type UpdateMealSlotsRequest,
  type UpdatePlanRequest,
} from '@almendra/contracts';
import {
  DEFAULT_DISTRIBUTION,
  computePlanTotals,
  emptyTotals,
  energyDeviation,
  enabledSlotNumbers,
  exchangeMealTotals,
  householdAmount,
  macroTargets,
  measureAmountText,
  nutrientAdequacy,
  nutrientRecord,
  referenceGroupFor,
  planTargetEnergy,
  resolveMealSlots,
  scaleNutrients,
  scaleTotals,
  validatePlanContent,
  type DayLines,
  type NutrientInput,
  type NutrientTotals,
  type PlanContent,
  type PlanGoalId,
  type PlanType,
  type ResolvedMealSlot,
} from '@almendra/domain';
import type { DB } from '../../db/schema.js';

/** '1 porción', '1½ porciones' (dish servings as the patient reads them). */
const servingsText = (quantity: number) => measureAmountText(quantity, 'porción');
import type { PlansTable } from '../../db/schema-plans.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { DishesService } from '../dishes/dishes.service.js';
import { requirePatient } from '../patients/patient-access.js';
import type { Notifier } from '../push/push.service.js';
import { exchangeGroupsFor, groupValues, referenceIntakes } from './exchange-groups.js';

type Scope = { nutritionistId: string };
type PlanRow = Selectable<PlansTable>;
type Executor = Kysely<DB>;

export interface PlansServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  dishes: DishesService;
  /** Web Push to the patient when a plan is published for her. */
  notifier?: Notifier;
}

export interface PlanListInput {
  patientId?: string | undefined;
  template?: 'true' | 'false' | undefined;
  draft?: '0' | '1' | undefined;
  q?: string | undefined;
  page: number;
}

const planNotFound = () => notFound('No encontramos ese plan.');
const invalid = (details: { path: string; message: string }[]) => new AppError('VALIDATION_ERROR', 'Revisa los datos ingresados.', details);

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

const contentKey = (type: number) => (type === 1 ? 'simple' : type === 2 ? 'formula' : 'exchange');

export function createPlansService(deps: PlansServiceDeps) {
  const { db, clock, dishes } = deps;

  async function slotsOf(executor: Executor, scope: Scope): Promise<ResolvedMealSlot[]> {
    const rows = await executor.selectFrom('meal_slots').selectAll().where('nutritionist_id', '=', scope.nutritionistId).execute();
    return resolveMealSlots(rows.map((r) => ({ slot: Number(r.slot), name: r.name, enabled: Number(r.enabled) === 1 })));
  }

  async function country(scope: Scope): Promise<string> {
    const row = await db.selectFrom('nutritionists').select('country_code').where('id', '=', scope.nutritionistId).executeTakeFirst();
    return row?.country_code ?? 'AR';
  }

  async function exchangeFile(scope: Scope) {
    return exchangeGroupsFor(await country(scope)) ?? exchangeGroupsFor('AR')!;
  }

  async function findRow(scope: Scope, id: string): Promise<PlanRow> {
    const row = await db.selectFrom('plans').selectAll().where('id', '=', id).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
    if (!row) throw planNotFound();
    return row;
  }

  async function patientNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('patients').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
  }

  function summary(row: PlanRow, names: Map<string, string>): PlanSummary {
    return {
      id: row.id,
      type: Number(row.type),
      title: row.title,
      goal: row.goal as PlanSummary['goal'],
      draft: Number(row.draft),
      patientId: row.patient_id,
      patientName: row.patient_id ? (names.get(row.patient_id) ?? null) : null,
      template: row.patient_id === null,
      version: Number(row.version),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      publishedAt: row.published_at ?? null,
    };
  }

  /** Resolves the formula items' foods and dishes: name, grams and nutrients of each line. */
  async function resolveFormula(scope: Scope, content: PlanContent, strict: boolean): Promise<Map<string, { view: PlanItemView; totals: NutrientTotals }[]>> {
    const days = content.formula ?? [];
    const foodIds = new Set<string>();
    const dishIds = new Set<string>();
    for (const day of days) for (const meal of day.meals) for (const item of meal.items) (item.kind === 'food' ? foodIds : dishIds).add(item.id);
    const foods = foodIds.size
      ? await db
          .selectFrom('foods')
          .select(['id', 'name_es', 'name_en', 'short_name', 'nutrients'])
          .where('id', 'in', [...foodIds])
          .where((eb) => eb.or([eb('nutritionist_id', 'is', null), eb('nutritionist_id', '=', scope.nutritionistId)]))
          .execute()
      : [];
    const foodMap = new Map(
      foods.map((f) => [f.id, { name: f.name_es || f.name_en || '', shortName: f.short_name ?? null, nutrients: parseJson<NutrientInput>(f.nutrients, {}) }]),
    );
    const measureRows = foodIds.size ? await db.selectFrom('food_measures').selectAll().where('food_id', 'in', [...foodIds]).orderBy('position').execute() : [];
    const measures = new Map<string, { position: number; description: string; gramWeight: number; amount: number }[]>();
    for (const m of measureRows) {
      const list = measures.get(m.food_id) ?? [];
      list.push({ position: Number(m.position), description: m.description, gramWeight: Number(m.gram_weight), amount: Number(m.amount) || 1 });
      measures.set(m.food_id, list);
    }
    const dishMap = new Map<string, Awaited<ReturnType<DishesService['get']>>>();
    for (const id of dishIds) {
      try {
        dishMap.set(id, await dishes.get(scope, id));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    const issues: { path: string; message: string }[] = [];
    let missing: string | null = null;
    const result = new Map<string, { view: PlanItemView; totals: NutrientTotals }[]>();
    days.forEach((day, d) =>
      day.meals.forEach((meal, m) => {
        const lines: { view: PlanItemView; totals: NutrientTotals }[] = [];
        meal.items.forEach((item, i) => {
          const path = `content.formula.${d}.meals.${m}.items.${i}`;
          if (item.kind === 'food') {
            const food = foodMap.get(item.id);
            if (!food) {
              missing ??= `${path}.id`;
              return;
            }
            const list = measures.get(item.id) ?? [];
            let grams = item.quantity;
            let unitLabel = 'g';
            if (typeof item.unit === 'number') {
              const measure = list.find((x) => x.position === item.unit);
              if (!measure) {
                issues.push({ path: `${path}.unit`, message: 'El alimento no tiene esa medida casera.' });
                return;
              }
              grams = (item.quantity * measure.gramWeight) / measure.amount;
              unitLabel = measure.description;
            }
            const totals = scaleNutrients(food.nutrients, grams);
            lines.push({
              view: {
                kind: 'food',
                id: item.id,
                name: food.name,
                shortName: food.shortName,
                quantity: item.quantity,
                unit: item.unit,
                unitLabel,
                grams,
                measures: list.map(({ position, amount, description, gramWeight }) => ({ position, amount, description, gramWeight })),
                nutrients: nutrientRecord(totals, 4),
                household: typeof item.unit === 'number' ? measureAmountText(item.quantity, unitLabel) : (householdAmount(grams, list)?.text ?? null),
              },
              totals,
            });
          } else {
            const dish = dishMap.get(item.id);
            if (!dish) {
              missing ??= `${path}.id`;
              return;
            }
            const serving = item.unit === 'serving';
            const base = serving ? dish.perServing : dish.totals;
            const factor = serving ? item.quantity : dish.totals.grams > 0 ? item.quantity / dish.totals.grams : 0;
            const values = emptyTotals().values as Record<string, number>;
            for (const [k, v] of Object.entries(base.nutrients)) if (k in values && typeof v === 'number') values[k] = v;
            const totals = scaleTotals({ values: values as NutrientTotals['values'], missing: [] }, factor);
            lines.push({
              view: {
                kind: 'dish',
                id: item.id,
                name: dish.name,
                shortName: null,
                quantity: item.quantity,
                unit: item.unit,
                unitLabel: serving ? 'serving' : 'g',
                grams: serving ? dish.perServing.grams * item.quantity : item.quantity,
                measures: [],
                nutrients: nutrientRecord(totals, 4),
                household: serving ? servingsText(item.quantity) : null,
              },
              totals,
            });
          }
        });
        result.set(`${day.day}-${meal.slot}`, lines);
      }),
    );
    if (strict && missing) throw new AppError('NOT_FOUND', 'No encontramos ese alimento o plato.', [{ path: missing, message: 'No existe o no es tuyo.' }]);
    if (strict && issues.length) throw invalid(issues);
    return result;
  }

  async function checkContent(scope: Scope, type: PlanType, content: PlanContent): Promise<void> {
    const slots = await slotsOf(db, scope);
    const issues = validatePlanContent(type, content, enabledSlotNumbers(slots));
    if (issues.length) throw invalid([...issues]);
    if (type === 2) await resolveFormula(scope, content, true);
  }

  async function latestMeasures(scope: Scope, patientId: string): Promise<{ requirementKcal: number | null; weightKg: number | null }> {
    const base = () =>
      db
        .selectFrom('consultations as c')
        .innerJoin('anthropometry as a', 'a.consultation_id', 'c.id')
        .where('c.nutritionist_id', '=', scope.nutritionistId)
        .where('c.patient_id', '=', patientId)
        .orderBy('c.date', 'desc')
        .orderBy('c.time', 'desc')
        .limit(1);
    const energy = await base().select('a.snapshot_energy_requirement_kcal as v').where('a.snapshot_energy_requirement_kcal', 'is not', null).executeTakeFirst();
    const weight = await base().select('a.weight_kg as v').where('a.weight_kg', 'is not', null).executeTakeFirst();
    return { requirementKcal: energy?.v != null ? Number(energy.v) : null, weightKg: weight?.v != null ? Number(weight.v) : null };
  }

  /** Whole years between a 'YYYY-MM-DD' birth date and today (UTC). */
  function ageOn(birthDate: string | null, now: Date): number | null {
    if (!birthDate) return null;
    const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
    let age = now.getUTCFullYear() - y;
    if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
    return age;
  }

  async function present(scope: Scope, row: PlanRow): Promise<Plan> {
    const names = await patientNames(row.patient_id ? [row.patient_id] : []);
    const content = parseJson<PlanContent>(row.content, {});
    const type = Number(row.type) as PlanType;
    const slots = await slotsOf(db, scope);
    const items: Record<string, PlanItemView[]> = {};
    let computed: PlanComputed | null = null;
    if (type !== 1) {
      let dayLines: DayLines[];
      if (type === 2) {
        const resolved = await resolveFormula(scope, content, false);
        for (const [k, lines] of resolved) items[k] = lines.map((l) => l.view);
        dayLines = (content.formula ?? []).map((day) => ({ day: day.day, meals: day.meals.map((meal) => ({ slot: meal.slot, lines: (resolved.get(`${day.day}-${meal.slot}`) ?? []).map((l) => l.totals) })) }));
      } else {
        const groups = groupValues(await exchangeFile(scope));
        dayLines = (content.exchange ?? []).map((day) => ({
          day: day.day,
          meals: day.meals.map((meal) => ({ slot: meal.slot, lines: meal.portions.some((p, i) => p > 0 && day.discarded[i] !== 1) ? [exchangeMealTotals(meal.portions, groups, day.discarded)] : [] })),
        }));
      }
      const totals = computePlanTotals(dayLines);
      const measures = row.patient_id ? await latestMeasures(scope, row.patient_id) : { requirementKcal: null, weightKg: null };
      const target = planTargetEnergy(content.targetEnergyKcal, measures.requirementKcal, row.goal as PlanGoalId);
      const distribution = content.distribution ?? DEFAULT_DISTRIBUTION;
      const person = row.patient_id ? await db.selectFrom('patients').select(['sex', 'birth_date']).where('id', '=', row.patient_id).executeTakeFirst() : undefined;
      const dri = referenceIntakes();
      const driGroup = person ? referenceGroupFor(dri.groups, person.sex, ageOn(person.birth_date, clock.now())) : null;
      const missing = new Set<string>();
      for (const d of totals.days) for (const key of d.totals.missing) missing.add(key);
      computed = {
        days: totals.days.map((d) => ({
          day: d.day,
          meals: d.meals.map((m) => ({ slot: m.slot, nutrients: nutrientRecord(m.totals) })),
          nutrients: nutrientRecord(d.totals),
          deviation: target ? energyDeviation(d.totals.values.energyKcal, target) : null,
        })),
        weeklyAverage: nutrientRecord(totals.weeklyAverage),
        daysCounted: totals.daysCounted,
        missing: [...missing],
        requirementKcal: measures.requirementKcal,
        weightKg: measures.weightKg,
        targetEnergyKcal: target,
        targetSource: content.targetEnergyKcal != null && content.targetEnergyKcal > 0 ? 'typed' : target ? 'consultation' : 'none',
        distribution: { ...distribution },
        macroTargets: target ? macroTargets(target, distribution, measures.weightKg) : null,
        weeklyDeviation: target && totals.daysCounted > 0 ? energyDeviation(totals.weeklyAverage.values.energyKcal, target) : null,
        adequacy: driGroup ? nutrientAdequacy(totals.weeklyAverage.values, driGroup, dri.kinds) : null,
      };
    }
    return { ...summary(row, names), notes: row.notes, content: content as PlanContentInput, items, computed, slots };
  }

  function normalise(type: PlanType, content: PlanContentInput): PlanContent {
    const key = contentKey(type);
    return { ...content, [key]: (content as Record<string, unknown>)[key] ?? [] } as PlanContent;
  }

  return {
    async mealSlots(scope: Scope): Promise<MealSlotsResponse> {
      return { slots: await slotsOf(db, scope) };
    },

    async updateMealSlots(scope: Scope, input: UpdateMealSlotsRequest): Promise<MealSlotsResponse> {
      const seen = new Set(input.slots.map((s) => s.slot));
      if (seen.size !== 6) throw invalid([{ path: 'slots', message: 'Se esperan las comidas 1 a 6, una vez cada una.' }]);
      if (!input.slots.some((s) => s.enabled)) throw invalid([{ path: 'slots', message: 'Deja al menos una comida habilitada.' }]);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('meal_slots').where('nutritionist_id', '=', scope.nutritionistId).execute();
        await trx
          .insertInto('meal_slots')
          .values(input.slots.map((s) => ({ nutritionist_id: scope.nutritionistId, slot: s.slot, name: s.name?.trim() ? s.name.trim() : null, enabled: s.enabled ? 1 : 0 })))
          .execute();
      });
      return { slots: await slotsOf(db, scope) };
    },

    async exchangeGroups(countryCode: string, locale: 'es' | 'en'): Promise<ExchangeGroupsResponse> {
      const file = exchangeGroupsFor(countryCode);
      if (!file) throw notFound('No hay grupos de intercambio para ese país.');
      const ids = file.groups.flatMap((g) => g.members.map((m) => m.foodId));
      const foods = await db.selectFrom('foods').select(['id', 'name_es', 'name_en']).where('id', 'in', ids).execute();
      const names = new Map(foods.map((f) => [f.id, (locale === 'en' ? f.name_en || f.name_es : f.name_es || f.name_en) ?? f.id]));
      return {
        country: file.country,
        valuesBasis: file.valuesBasis,
        groups: file.groups.map((g) => ({
          id: g.id,
          position: g.position,
          name: locale === 'en' ? g.nameEn : g.nameEs,
          portion: g.portion,
          members: g.members.map((m) => ({ foodId: m.foodId, name: names.get(m.foodId) ?? m.foodId, grams: m.grams, measure: locale === 'en' ? m.measureEn : m.measureEs })),
        })),
      };
    },

    async list(scope: Scope, input: PlanListInput): Promise<PlanListResponse> {
      let query = db.selectFrom('plans').where('nutritionist_id', '=', scope.nutritionistId);
      if (input.patientId) query = query.where('patient_id', '=', input.patientId);
      if (input.template === 'true') query = query.where('patient_id', 'is', null);
      if (input.template === 'false') query = query.where('patient_id', 'is not', null);
      if (input.draft) query = query.where('draft', '=', Number(input.draft));
      const q = input.q?.trim().toLowerCase();
      if (q) query = query.where((eb) => eb(eb.fn('lower', ['title']), 'like', `%${q.replace(/[%_\\]/g, '')}%`));
      const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
      const rows = await query
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PLAN_LIST_PAGE_SIZE)
        .offset((input.page - 1) * PLAN_LIST_PAGE_SIZE)
        .execute();
      const names = await patientNames([...new Set(rows.map((r) => r.patient_id).filter((x): x is string => !!x))]);
      return { items: rows.map((r) => summary(r, names)), total: Number(count?.count ?? 0), page: input.page, pageSize: PLAN_LIST_PAGE_SIZE };
    },

    async get(scope: Scope, id: string): Promise<Plan> {
      return present(scope, await findRow(scope, id));
    },

    async create(scope: Scope, input: CreatePlanRequest & { goal: string; draft: 0 | 1; content: PlanContentInput }): Promise<Plan> {
      const type = input.type as PlanType;
      const content = normalise(type, input.content);
      if (input.patientId) await requirePatient(db, scope, input.patientId, clock.now(), 'write');
      await checkContent(scope, type, content);
      const now = clock.now().toISOString();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('plans')
          .values({ id, nutritionist_id: scope.nutritionistId, patient_id: input.patientId ?? null, type, title: input.title, notes: input.notes ?? null, goal: input.goal, draft: input.draft, content: JSON.stringify(content), version: 1, created_at: now, updated_at: now })
          .execute();
      });
      return this.get(scope, id);
    },

    async update(scope: Scope, id: string, input: UpdatePlanRequest): Promise<Plan> {
      const row = await findRow(scope, id);
      if (Number(row.version) !== input.version) throw new AppError('CONFLICT', PLAN_VERSION_CONFLICT_MESSAGE, { currentVersion: Number(row.version) });
      if (row.patient_id) await requirePatient(db, scope, row.patient_id, clock.now(), 'write');
      const type = Number(row.type) as PlanType;
      const content = input.content ? normalise(type, input.content) : undefined;
      if (content) await checkContent(scope, type, content);
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('plans')
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.notes !== undefined ? { notes: input.notes } : {}),
            ...(input.goal !== undefined ? { goal: input.goal } : {}),
            ...(input.draft !== undefined ? { draft: input.draft } : {}),
            ...(content ? { content: JSON.stringify(content) } : {}),
            version: input.version + 1,
            updated_at: clock.now().toISOString(),
          })
          .where('id', '=', id)
          .where('nutritionist_id', '=', scope.nutritionistId)
          .where('version', '=', input.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', PLAN_VERSION_CONFLICT_MESSAGE);
      });
      return this.get(scope, id);
    },

    async remove(scope: Scope, id: string): Promise<void> {
      const result = await db.deleteFrom('plans').where('id', '=', id).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw planNotFound();
    },

    async copy(scope: Scope, id: string, patientId: string | null | undefined): Promise<Plan> {
      const row = await findRow(scope, id);
      if (patientId) await requirePatient(db, scope, patientId, clock.now(), 'write');
      const content = parseJson<PlanContent>(row.content, {});
      await checkContent(scope, Number(row.type) as PlanType, content);
      const now = clock.now().toISOString();
      const newPlanId = newId();
      await db
        .insertInto('plans')
        .values({ ...row, id: newPlanId, patient_id: patientId ?? null, version: 1, created_at: now, updated_at: now, published_at: null })
        .execute();
      return this.get(scope, newPlanId);
    },

    async publish(scope: Scope, id: string): Promise<Plan> {
      const row = await findRow(scope, id);
      await db
        .updateTable('plans')
        .set({ draft: 0, version: Number(row.version) + 1, updated_at: clock.now().toISOString() })
        .where('id', '=', id)
        .where('nutritionist_id', '=', scope.nutritionistId)
        .execute();
      return this.get(scope, id);
    },

    /**
     * "Publicar para el paciente": the plan becomes what the portal shows her (the newest published one);
     * publishing again makes it the current one again. A published plan is not a draft.
     */
    async publishForPatient(scope: Scope, id: string): Promise<Plan> {
      const row = await findRow(scope, id);
      if (!row.patient_id) {
        throw new AppError('DOMAIN_RULE', 'Una plantilla no tiene paciente: para que un paciente la vea, cópiala a su ficha.', { reason: 'TEMPLATE' });
      }
      const now = clock.now().toISOString();
      await db
        .updateTable('plans')
        .set({ published_at: now, draft: 0, version: Number(row.version) + 1, updated_at: now })
        .where('id', '=', id)
        .where('nutritionist_id', '=', scope.nutritionistId)
        .execute();
      await deps.notifier?.notify({ recipient: { kind: 'patient', id: row.patient_id }, event: 'plan_published', url: '/portal?tab=plan', tag: 'plan' });
      return this.get(scope, id);
    },

    /** Withdraws a plan from the patient's portal (the previous published one, if any, becomes hers again). */
    async withdrawFromPatient(scope: Scope, id: string): Promise<Plan> {
      const row = await findRow(scope, id);
      if (row.published_at) {
        await db
          .updateTable('plans')
          .set({ published_at: null, version: Number(row.version) + 1, updated_at: clock.now().toISOString() })
          .where('id', '=', id)
          .where('nutritionist_id', '=', scope.nutritionistId)
          .execute();
      }
      return this.get(scope, id);
    },

    async exchangeGroupsForScope(scope: Scope) {
      return exchangeFile(scope);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
