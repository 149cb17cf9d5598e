// Database rows → contract types (never return rows).
import type { Nutritionist, User } from '@almendra/contracts';
import { defaultCurrencyFor, primaryColorSchema, starredPagesSchema } from '@almendra/contracts';
import type { NutritionistProfileColumns } from '../../db/schema.js';
import type { NutritionistRow, UserRow } from './auth.repository.js';

function parseStarredPages(json: string): string[] {
  try {
    const parsed = starredPagesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function toUser(row: UserRow): User {
  const color = primaryColorSchema.safeParse(row.primary_color);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    locale: row.locale,
    theme: row.theme,
    primaryColor: color.success ? color.data : 'teal',
    starredPages: parseStarredPages(row.starred_pages),
    bannedStatus: Number(row.banned_status),
    suspension: Number(row.banned_status) === 2 && row.suspended_at ? { reason: row.suspension_reason ?? null, since: row.suspended_at } : null,
    planKey: row.plan_key,
    confirmed: Number(row.confirmed) === 1,
    createdAt: row.created_at,
  };
}

/** `selectAll()` rows carry the 0020 columns too; rows built in code may not. */
export function toNutritionist(row: NutritionistRow & Partial<NutritionistProfileColumns>): Nutritionist {
  return {
    id: row.id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    countryCode: row.country_code,
    licenceNumber: row.licence_number,
    timeZone: row.time_zone,
    currency: row.currency ?? defaultCurrencyFor(row.country_code),
    photoUpdatedAt: row.photo_path ? (row.photo_updated_at ?? null) : null,
  };
}
