// The nutritionist's branding for printed material (the plan PDF): the logo (upload, read, remove) and
// the header the PDF prints — name, licence number, contact and the logo bytes. Tenant = the nutritionist.
import type { Kysely } from 'kysely';
import type { NutritionistLogo } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { LogoStore, toStoredLogo } from './logo-storage.js';

type Scope = { nutritionistId: string };

export interface BrandingServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  dataDir: string;
}

export interface Letterhead {
  nutritionistName: string;
  licenceNumber: string | null;
  /** e-mail · phone */
  contact: string;
  /** PNG bytes, or null without a logo. */
  logo: Buffer | null;
}

export function createBrandingService(deps: BrandingServiceDeps) {
  const { db, clock } = deps;
  const store = new LogoStore(deps.dataDir);

  async function row(scope: Scope) {
    const found = await db
      .selectFrom('nutritionists')
      .select(['first_name', 'last_name', 'email', 'phone', 'licence_number', 'logo_path', 'logo_updated_at'])
      .where('id', '=', scope.nutritionistId)
      .executeTakeFirst();
    if (!found) throw notFound('No encontramos tu perfil profesional.');
    return found;
  }

  return {
    async setLogo(scope: Scope, upload: Buffer): Promise<NutritionistLogo> {
      const png = await toStoredLogo(upload);
      if (!png) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'El logo debe ser una imagen PNG o JPEG.');
      const previous = (await row(scope)).logo_path;
      const relative = await store.save(scope.nutritionistId, 'logo', png);
      const now = clock.now().toISOString();
      await db.updateTable('nutritionists').set({ logo_path: relative, logo_updated_at: now }).where('id', '=', scope.nutritionistId).execute();
      if (previous && previous !== relative) await store.remove(previous);
      return { hasLogo: true, updatedAt: now };
    },

    async readLogo(scope: Scope): Promise<Buffer> {
      const bytes = await store.read((await row(scope)).logo_path);
      if (!bytes) throw notFound('Todavía no subiste un logo.');
      return bytes;
    },

    async removeLogo(scope: Scope): Promise<void> {
      const previous = (await row(scope)).logo_path;
      await db.updateTable('nutritionists').set({ logo_path: null, logo_updated_at: clock.now().toISOString() }).where('id', '=', scope.nutritionistId).execute();
      await store.remove(previous);
    },

    async letterhead(scope: Scope): Promise<Letterhead> {
      const n = await row(scope);
      return {
        nutritionistName: `${n.first_name} ${n.last_name}`.trim(),
        licenceNumber: n.licence_number,
        contact: [n.email, n.phone].filter(Boolean).join(' · '),
        logo: await store.read(n.logo_path),
      };
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
