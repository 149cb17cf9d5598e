// Food requests: a nutritionist asks for a food to be added to the global database (name, brand, label
// photo, nutrients, measures); an admin approves it (it becomes a database food everyone sees) or rejects
// it with a reason the nutritionist reads.
import { z } from 'zod';
import { idSchema, isoInstantSchema } from './common.js';
import { cursorSchema, foodGroupCodeSchema, limitSchema, measuresInputSchema, nutrientValuesInputSchema, optionalText, requiredText } from './food-fields.js';
import { foodGroupSchema, nutrientKeySchema } from './foods.js';

export const FOOD_REQUEST_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The stored label photo fits in this square (WebP, metadata stripped) — large enough to read a label. */
export const FOOD_REQUEST_PHOTO_MAX_SIDE = 1600;
/** Multipart field name of PUT /food-requests/{id}/photo (a raw image/jpeg|png|webp body works too). */
export const FOOD_REQUEST_PHOTO_FIELD = 'photo';

export const foodRequestStatusSchema = z.enum(['pending', 'approved', 'rejected'], {
  error: "El estado debe ser 'pending', 'approved' o 'rejected'.",
});
export type FoodRequestStatus = z.infer<typeof foodRequestStatusSchema>;

export const submitFoodRequestSchema = z.object({
  /** Spanish name as the food should appear. */
  name: requiredText('el nombre del alimento', 150),
  nameEn: optionalText(150),
  brand: optionalText(80),
  group: foodGroupCodeSchema.nullable().optional(),
  /** Anything the reviewer should know (where it is sold, label date…). */
  notes: optionalText(1000),
  nutrients: nutrientValuesInputSchema.default({}),
  measures: measuresInputSchema.default([]),
});
export type SubmitFoodRequest = z.input<typeof submitFoodRequestSchema>;
export type SubmitFoodRequestInput = z.output<typeof submitFoodRequestSchema>;

export const foodRequestMeasureSchema = z.object({ amount: z.number(), description: z.string(), gramWeight: z.number() });

export const foodRequestSchema = z.object({
  id: idSchema,
  name: z.string(),
  nameEn: z.string().nullable(),
  brand: z.string().nullable(),
  group: foodGroupSchema.nullable(),
  notes: z.string().nullable(),
  /** Only the keys that were sent, per 100 g. */
  nutrients: z.partialRecord(nutrientKeySchema, z.number()),
  measures: z.array(foodRequestMeasureSchema),
  hasPhoto: z.boolean(),
  status: foodRequestStatusSchema,
  /** Set when rejected: shown to the nutritionist. */
  rejectionReason: z.string().nullable(),
  reviewedAt: isoInstantSchema.nullable(),
  /** The database food created on approval. */
  createdFoodId: z.string().nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type FoodRequest = z.infer<typeof foodRequestSchema>;

export const FOOD_REQUEST_LIST_DEFAULT_LIMIT = 20;
export const FOOD_REQUEST_LIST_MAX_LIMIT = 100;

export const foodRequestListQuerySchema = z.object({
  status: foodRequestStatusSchema.optional(),
  limit: limitSchema(FOOD_REQUEST_LIST_MAX_LIMIT, FOOD_REQUEST_LIST_DEFAULT_LIMIT),
  cursor: cursorSchema,
});

export const foodRequestListResponseSchema = z.object({
  items: z.array(foodRequestSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type FoodRequestListResponse = z.infer<typeof foodRequestListResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Admin review
// ---------------------------------------------------------------------------------------------------

export const adminFoodRequestSchema = foodRequestSchema.extend({
  nutritionist: z.object({ id: idSchema, firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminFoodRequest = z.infer<typeof adminFoodRequestSchema>;

export const adminFoodRequestListResponseSchema = z.object({
  items: z.array(adminFoodRequestSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** Optional corrections the reviewer makes before the food is published; omitted fields keep the request's. */
export const approveFoodRequestSchema = z
  .object({
    nameEs: requiredText('el nombre del alimento', 150).optional(),
    nameEn: optionalText(150),
    brand: optionalText(80),
    group: foodGroupCodeSchema.nullable().optional(),
    /** Replaces the requested values. */
    nutrients: nutrientValuesInputSchema.optional(),
    measures: measuresInputSchema.optional(),
  })
  .nullish();
export type ApproveFoodRequest = z.input<typeof approveFoodRequestSchema>;
export type ApproveFoodRequestInput = z.output<typeof approveFoodRequestSchema>;

export const rejectFoodRequestSchema = z.object({
  reason: requiredText('el motivo del rechazo', 1000),
});
export type RejectFoodRequest = z.input<typeof rejectFoodRequestSchema>;

export const FOOD_REQUEST_ALREADY_REVIEWED_MESSAGE = 'Esta solicitud ya fue revisada.';
