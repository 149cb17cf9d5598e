// Food rows → contract types (never return rows).
import type { CatalogFood, FoodDetail, FoodGroup, FoodMeasure, FoodSummary } from '@almendra/contracts';
import { NUTRIENTS, NUTRIENT_KEYS, isNutrientKey, type NutrientKey } from '@almendra/domain';
import type { FoodGroupRow, FoodMeasureRow, FoodRow, FoodSummaryRow } from './foods.repository.js';

export type NutrientMap = Partial<Record<NutrientKey, number>>;

/** The stored JSON map, keeping only known keys with finite numbers (anything else means "no value"). */
export function parseNutrients(json: string | null | undefined): NutrientMap {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const out: NutrientMap = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (isNutrientKey(key) && typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

/** Stable key order (the food table's) so equal maps serialize to equal JSON. */
export function serializeNutrients(values: NutrientMap): string {
  const ordered: NutrientMap = {};
  for (const key of NUTRIENT_KEYS) if (values[key] !== undefined) ordered[key] = values[key];
  return JSON.stringify(ordered);
}

export function toFoodGroup(row: FoodGroupRow): FoodGroup {
  return { code: row.code, name: row.name_es, nameEn: row.name_en };
}

export function toFoodMeasure(row: FoodMeasureRow): FoodMeasure {
  return { position: Number(row.position), amount: Number(row.amount), description: row.description, gramWeight: Number(row.gram_weight) };
}

export function groupMeasures(rows: readonly FoodMeasureRow[]): Map<string, FoodMeasure[]> {
  const byFood = new Map<string, FoodMeasure[]>();
  for (const row of rows) {
    const list = byFood.get(row.food_id);
    if (list) list.push(toFoodMeasure(row));
    else byFood.set(row.food_id, [toFoodMeasure(row)]);
  }
  return byFood;
}

const macro = (values: NutrientMap, key: NutrientKey) => values[key] ?? null;

export function toFoodSummary(
  row: FoodSummaryRow,
  measures: FoodMeasure[],
  groups: ReadonlyMap<string, FoodGroup>,
  nutrients: NutrientMap = parseNutrients(row.nutrients),
): FoodSummary {
  return {
    id: row.id,
    name: row.name_es || row.name_en || '',
    nameEs: row.name_es,
    nameEn: row.name_en,
    brand: row.brand,
    group: row.group_code ? (groups.get(row.group_code) ?? null) : null,
    source: row.source,
    legacy: Number(row.legacy) === 1,
    energyKcal: macro(nutrients, 'energyKcal'),
    proteinG: macro(nutrients, 'proteinG'),
    fatG: macro(nutrients, 'fatG'),
    carbohydrateG: macro(nutrients, 'carbohydrateG'),
    measures,
    shortName: row.short_name ?? null,
  };
}

const UNITS = Object.fromEntries(NUTRIENTS.map((n) => [n.key, n.unit])) as Record<NutrientKey, string>;

export function toFoodDetail(row: FoodRow, measures: FoodMeasure[], group: FoodGroup | null): FoodDetail {
  const values = parseNutrients(row.nutrients);
  const nutrients = {} as Record<NutrientKey, number | null>;
  for (const key of NUTRIENT_KEYS) nutrients[key] = values[key] ?? null;
  return {
    ...toFoodSummary(row, measures, new Map(group ? [[group.code, group]] : []), values),
    ndb: row.ndb,
    countryCode: row.country_code,
    deactivated: Number(row.deactivated) === 1,
    nutrients,
    nutrientUnits: UNITS,
    provenance: row.provenance ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCatalogFood(summary: FoodSummary): CatalogFood {
  return {
    id: summary.id,
    nameEs: summary.nameEs,
    nameEn: summary.nameEn,
    brand: summary.brand,
    group: summary.group?.code ?? null,
    source: summary.source,
    legacy: summary.legacy,
    energyKcal: summary.energyKcal,
    proteinG: summary.proteinG,
    fatG: summary.fatG,
    carbohydrateG: summary.carbohydrateG,
    measures: summary.measures.map((m) => [m.amount, m.description, m.gramWeight] as [number, string, number]),
    shortName: summary.shortName ?? null,
  };
}
