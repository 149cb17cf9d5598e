// Food request rows → contract types (never return rows).
import type { AdminFoodRequest, FoodGroup, FoodRequest } from '@almendra/contracts';
import { isNutrientKey, NUTRIENT_KEYS, type NutrientKey } from '@almendra/domain';
import type { AdminFoodRequestRow, FoodGroupRow, FoodRequestRow } from './food-requests.repository.js';

export type RequestNutrients = Partial<Record<NutrientKey, number>>;
export interface RequestMeasure {
  amount: number;
  description: string;
  gramWeight: number;
}

function parseJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export function parseRequestNutrients(json: string): RequestNutrients {
  const parsed = parseJson(json);
  const out: RequestNutrients = {};
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (isNutrientKey(key) && typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

/** Stable key order (the food table's). */
export function serializeRequestNutrients(values: RequestNutrients): string {
  const ordered: RequestNutrients = {};
  for (const key of NUTRIENT_KEYS) if (values[key] !== undefined) ordered[key] = values[key];
  return JSON.stringify(ordered);
}

export function parseRequestMeasures(json: string): RequestMeasure[] {
  const parsed = parseJson(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((m: unknown) => {
    const { amount, description, gramWeight } = (m ?? {}) as Record<string, unknown>;
    return typeof amount === 'number' && typeof description === 'string' && typeof gramWeight === 'number' ? [{ amount, description, gramWeight }] : [];
  });
}

export function toGroupMap(rows: readonly FoodGroupRow[]): Map<string, FoodGroup> {
  return new Map(rows.map((g) => [g.code, { code: g.code, name: g.name_es, nameEn: g.name_en }]));
}

export function toFoodRequest(row: FoodRequestRow, groups: ReadonlyMap<string, FoodGroup>): FoodRequest {
  return {
    id: row.id,
    name: row.name,
    nameEn: row.name_en,
    brand: row.brand,
    group: row.group_code ? (groups.get(row.group_code) ?? null) : null,
    notes: row.notes,
    nutrients: parseRequestNutrients(row.nutrients),
    measures: parseRequestMeasures(row.measures),
    hasPhoto: row.photo_path !== null,
    status: row.status,
    rejectionReason: row.rejection_reason,
    reviewedAt: row.reviewed_at,
    createdFoodId: row.created_food_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAdminFoodRequest(row: AdminFoodRequestRow, groups: ReadonlyMap<string, FoodGroup>): AdminFoodRequest {
  return {
    ...toFoodRequest(row, groups),
    nutritionist: { id: row.nutritionist_id, firstName: row.first_name, lastName: row.last_name, email: row.email },
  };
}
