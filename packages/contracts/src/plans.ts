// Meal plans (seed 1 §3 meal slots, §4 plans, §9 constants; seed 2 §7.7): meal slots, plans of three
// types (1 simple, 2 formula, 3 exchange), templates (patient null), drafts, copies, computed totals and
// the Argentine exchange groups. Totals are computed by packages/domain on every read, never stored.
import { z } from 'zod';
import { decimalQueryInteger, idSchema, isoInstantSchema } from './common.js';
import { isIsoCountryCode } from './countries.js';

export const PLAN_GOAL_ID_VALUES = [
  'restriction-severe',
  'restriction-moderate',
  'restriction-mild',
  'maintenance',
  'gain-mild',
  'gain-moderate',
  'gain-severe',
] as const;
export const planGoalIdSchema = z.enum(PLAN_GOAL_ID_VALUES, { error: 'Elige un objetivo válido.' });
export const PLAN_LIST_PAGE_SIZE = 20;
export const PLAN_VERSION_CONFLICT_MESSAGE = 'Otra persona modificó este plan. Recarga para ver la versión actual.';

// ---- Meal slots ----
export const mealSlotSchema = z.object({
  slot: z.number().int(),
  key: z.string(),
  name: z.string(),
  defaultName: z.string(),
  enabled: z.boolean(),
  id: z.number().int().nullable(),
});
export type MealSlot = z.infer<typeof mealSlotSchema>;
export const mealSlotsResponseSchema = z.object({ slots: z.array(mealSlotSchema) });
export type MealSlotsResponse = z.infer<typeof mealSlotsResponseSchema>;
export const updateMealSlotsRequestSchema = z.object({
  slots: z
    .array(
      z.object({
        slot: z.number().int().min(1).max(6),
        name: z.string().trim().max(40, { error: 'Como máximo 40 caracteres.' }).nullable(),
        enabled: z.boolean(),
      }),
    )
    .length(6, { error: 'Se esperan las seis comidas.' }),
});
export type UpdateMealSlotsRequest = z.infer<typeof updateMealSlotsRequestSchema>;

// ---- Content ----
const daySchema = z.number().int({ error: 'El día debe ser entero.' });
const slotSchema = z.number().int({ error: 'La comida debe ser un número entero.' });
const quantitySchema = z.number({ error: 'La cantidad debe ser un número.' }).max(100_000);
export const planItemUnitSchema = z.union([z.literal('g'), z.literal('serving'), z.number().int().min(1).max(1000)]);
export const formulaItemSchema = z.object({ kind: z.enum(['food', 'dish']), id: idSchema, quantity: quantitySchema, unit: planItemUnitSchema });
export type FormulaItemInput = z.infer<typeof formulaItemSchema>;
export const planContentSchema = z.object({
  simple: z.array(z.object({ day: daySchema, meals: z.array(z.object({ slot: slotSchema, text: z.string().max(2000) })).max(6) })).max(7).optional(),
  formula: z
    .array(z.object({ day: daySchema, meals: z.array(z.object({ slot: slotSchema, items: z.array(formulaItemSchema).max(50) })).max(6) }))
    .max(7)
    .optional(),
  exchange: z
    .array(
      z.object({
        day: daySchema,
        meals: z.array(z.object({ slot: slotSchema, portions: z.array(z.number().max(100)).length(24, { error: 'Se esperan 24 porciones.' }) })).max(6),
        discarded: z.array(z.number().int()).length(24, { error: 'Se esperan 24 valores.' }),
      }),
    )
    .max(7)
    .optional(),
  targetEnergyKcal: z.number().nullable().optional(),
  distribution: z.object({ carbohydratePercent: z.number(), proteinPercent: z.number(), fatPercent: z.number() }).optional(),
});
export type PlanContentInput = z.infer<typeof planContentSchema>;

const draftSchema = z.union([z.literal(0), z.literal(1)], { error: 'El borrador solo puede ser 0 o 1.' });
const titleSchema = z.string().trim().min(1, { error: 'Escribe un título.' }).max(150, { error: 'Como máximo 150 caracteres.' });

export const createPlanRequestSchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'El tipo debe ser 1, 2 o 3.' }),
  title: titleSchema,
  notes: z.string().max(5000).nullable().optional(),
  goal: planGoalIdSchema.default('maintenance'),
  patientId: idSchema.nullable().optional(),
  /** Seed 1 section 4: the draft flag defaults to false; a plan is published unless saved as a draft. */
  draft: draftSchema.default(0),
  content: planContentSchema.default({}),
});
export type CreatePlanRequest = z.input<typeof createPlanRequestSchema>;

export const updatePlanRequestSchema = z.object({
  version: z.number().int().min(1),
  title: titleSchema.optional(),
  notes: z.string().max(5000).nullable().optional(),
  goal: planGoalIdSchema.optional(),
  draft: draftSchema.optional(),
  content: planContentSchema.optional(),
});
export type UpdatePlanRequest = z.input<typeof updatePlanRequestSchema>;

export const copyPlanRequestSchema = z.object({ patientId: idSchema.nullable().optional() });
export const emailPlanRequestSchema = z.object({ to: z.string().email({ error: 'Correo inválido.' }).optional() });

export const planListQuerySchema = z.object({
  patientId: idSchema.optional(),
  template: z.enum(['true', 'false']).optional(),
  draft: z.enum(['0', '1']).optional(),
  q: z.string().max(100).optional(),
  page: decimalQueryInteger(z.coerce.number().int().min(1).max(10_000).default(1)),
});

export const planSummarySchema = z.object({
  id: idSchema,
  type: z.number().int(),
  title: z.string(),
  goal: planGoalIdSchema,
  draft: z.number().int(),
  patientId: idSchema.nullable(),
  patientName: z.string().nullable(),
  template: z.boolean(),
  version: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  /**
   * When the plan was last published for the patient ("Publicar para el paciente"); null = the patient
   * does not see it. Separate from `draft`. The portal shows the newest published plan.
   */
  publishedAt: isoInstantSchema.nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;
export const planListResponseSchema = z.object({ items: z.array(planSummarySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type PlanListResponse = z.infer<typeof planListResponseSchema>;

const nutrientsRecord = z.record(z.string(), z.number());
export const planItemViewSchema = z.object({
  kind: z.enum(['food', 'dish']),
  id: idSchema,
  name: z.string(),
  quantity: z.number(),
  unit: planItemUnitSchema,
  unitLabel: z.string(),
  grams: z.number(),
  measures: z.array(z.object({ position: z.number().int(), amount: z.number(), description: z.string(), gramWeight: z.number() })),
  nutrients: nutrientsRecord,
  /** The food's everyday name ("Papa"), printed for the patient; null when the food has none (use `name`). */
  shortName: z.string().nullable(),
  /** The amount as measured at home, in Spanish ("¾ taza", "2 fetas", "1 porción"); null when no measure fits. */
  household: z.string().nullable(),
});
export type PlanItemView = z.infer<typeof planItemViewSchema>;

const deviationSchema = z.object({
  plannedKcal: z.number(),
  targetKcal: z.number(),
  deviationKcal: z.number(),
  deviationPercent: z.number(),
  status: z.enum(['under', 'on-target', 'over']),
});
const macroTargetSchema = z.object({ percent: z.number(), grams: z.number(), gramsPerKg: z.number().nullable() });

export const planComputedSchema = z.object({
  days: z.array(
    z.object({
      day: z.number().int(),
      meals: z.array(z.object({ slot: z.number().int(), nutrients: nutrientsRecord })),
      nutrients: nutrientsRecord,
      deviation: deviationSchema.nullable(),
    }),
  ),
  weeklyAverage: nutrientsRecord,
  daysCounted: z.number().int(),
  /** Missing-value nutrient keys (totals are lower bounds for these). */
  missing: z.array(z.string()),
  requirementKcal: z.number().nullable(),
  weightKg: z.number().nullable(),
  targetEnergyKcal: z.number().nullable(),
  targetSource: z.enum(['typed', 'consultation', 'none']),
  distribution: z.object({ carbohydratePercent: z.number(), proteinPercent: z.number(), fatPercent: z.number() }),
  macroTargets: z.object({ carbohydrate: macroTargetSchema, protein: macroTargetSchema, fat: macroTargetSchema }).nullable(),
  weeklyDeviation: deviationSchema.nullable(),
  /** Weekly average vs IOM DRI (RDA/AI) for the patient's sex and age; null without sex/age or under 9. */
  adequacy: z
    .array(z.object({ key: z.string(), kind: z.enum(['RDA', 'AI']), reference: z.number(), planned: z.number(), percent: z.number() }))
    .nullable(),
});
export type PlanComputed = z.infer<typeof planComputedSchema>;

export const planSchema = planSummarySchema.extend({
  notes: z.string().nullable(),
  content: planContentSchema,
  /** Formula plans: each item resolved with its name, grams and nutrients, keyed `${day}-${slot}`. */
  items: z.record(z.string(), z.array(planItemViewSchema)),
  computed: planComputedSchema.nullable(),
  slots: z.array(mealSlotSchema),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /plans/{id}/share-link: an expiring link to the plan's PDF that opens without a session. */
export const planShareLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PlanShareLink = z.infer<typeof planShareLinkSchema>;

/** GET /portal/plans: the plans published for the patient, newest first (the first is "Mi plan"). */
export const portalPlanListSchema = z.object({
  items: z.array(z.object({ id: idSchema, title: z.string(), publishedAt: isoInstantSchema, current: z.boolean() })),
});
export type PortalPlanList = z.infer<typeof portalPlanListSchema>;

// ---- Exchange groups ----
export const exchangeGroupSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  portion: z.object({ energyKcal: z.number(), carbohydrateG: z.number(), proteinG: z.number(), fatG: z.number() }),
  members: z.array(z.object({ foodId: z.string(), name: z.string(), grams: z.number(), measure: z.string() })),
});
export type ExchangeGroup = z.infer<typeof exchangeGroupSchema>;
export const exchangeGroupsResponseSchema = z.object({ country: z.string(), valuesBasis: z.string(), groups: z.array(exchangeGroupSchema) });
export type ExchangeGroupsResponse = z.infer<typeof exchangeGroupsResponseSchema>;
export const exchangeGroupsQuerySchema = z.object({ country: z.string().refine(isIsoCountryCode, { error: 'Elige un país válido.' }).default('AR'), locale: z.enum(['es', 'en']).default('es') });

// ---- Branding of the printed plan: the nutritionist's logo ----
export const nutritionistLogoSchema = z.object({
  hasLogo: z.boolean(),
  /** Changes on every upload; clients add it to the image URL to bust caches. */
  updatedAt: isoInstantSchema.nullable(),
});
export type NutritionistLogo = z.infer<typeof nutritionistLogoSchema>;
