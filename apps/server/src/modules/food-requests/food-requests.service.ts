// Food requests: a nutritionist submits a food (name, brand, label photo, nutrients, measures) and follows
// its status; an admin approves it — it becomes a global database food (source 'request', no owner) that
// every nutritionist finds — or rejects it with a reason the nutritionist reads.
import { recordOperatorAction } from '../audit/operator-audit.js';
import type { Kysely } from 'kysely';
import {
  DEFAULT_FOOD_COUNTRY,
  FOOD_REQUEST_ALREADY_REVIEWED_MESSAGE,
  type AdminFoodRequest,
  type ApproveFoodRequestInput,
  type FoodRequest,
  type FoodRequestListResponse,
  type FoodRequestStatus,
  type SubmitFoodRequestInput,
} from '@almendra/contracts';
import { buildSearchText } from '@almendra/domain';
import { markGlobalFoodsChanged } from '../../db/reference-data/foods-loader.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import {
  parseRequestMeasures,
  parseRequestNutrients,
  serializeRequestNutrients,
  toAdminFoodRequest,
  toFoodRequest,
  toGroupMap,
} from './food-requests.mapper.js';
import { foodRequestsRepository as repo } from './food-requests.repository.js';
import { LabelPhotoStore, toStoredLabelPhoto } from './label-photo.js';

type Scope = { nutritionistId: string };

export interface FoodRequestsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  dataDir: string;
}

export interface FoodRequestListInput {
  status?: FoodRequestStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}

const requestNotFound = () => notFound('No encontramos esa solicitud.');
const alreadyReviewed = () => new AppError('CONFLICT', FOOD_REQUEST_ALREADY_REVIEWED_MESSAGE);
const photoNotFound = () => notFound('Esta solicitud no tiene foto.');

export function createFoodRequestsService(deps: FoodRequestsServiceDeps) {
  const { db, clock } = deps;
  const photos = new LabelPhotoStore(deps.dataDir);

  async function groups() {
    return toGroupMap(await repo.listGroups(db));
  }

  async function requireGroup(code: string | null | undefined): Promise<void> {
    if (!code) return;
    if (!(await repo.findGroup(db, code))) {
      throw new AppError('VALIDATION_ERROR', 'Revisa los datos ingresados.', [{ path: 'group', message: 'Ese grupo de alimentos no existe.' }]);
    }
  }

  async function ownRow(scope: Scope, id: string) {
    const row = await repo.find(db, scope, id);
    if (!row) throw requestNotFound();
    return row;
  }

  async function adminRow(id: string) {
    const row = await repo.findForAdmin(db, id);
    if (!row) throw requestNotFound();
    return row;
  }

  async function submit(scope: Scope, input: SubmitFoodRequestInput): Promise<FoodRequest> {
    await requireGroup(input.group);
    const id = newId();
    const now = clock.now().toISOString();
    await repo.insert(db, {
      id,
      nutritionist_id: scope.nutritionistId,
      name: input.name,
      name_en: input.nameEn ?? null,
      brand: input.brand ?? null,
      group_code: input.group ?? null,
      notes: input.notes ?? null,
      photo_path: null,
      nutrients: serializeRequestNutrients(input.nutrients),
      measures: JSON.stringify(input.measures),
      status: 'pending',
      rejection_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      created_food_id: null,
      created_at: now,
      updated_at: now,
    });
    return get(scope, id);
  }

  async function get(scope: Scope, id: string): Promise<FoodRequest> {
    return toFoodRequest(await ownRow(scope, id), await groups());
  }

  async function list(scope: Scope, input: FoodRequestListInput): Promise<FoodRequestListResponse> {
    const offset = input.cursor ? Number(input.cursor) : 0;
    const [{ rows, total }, groupMap] = await Promise.all([repo.list(db, scope, input.status, input.limit, offset), groups()]);
    const next = offset + input.limit;
    return { items: rows.map((r) => toFoodRequest(r, groupMap)), total, nextCursor: next < total ? String(next) : null };
  }

  /** Replaces the label photo while the request is pending (a reviewed request is a closed record). */
  async function setPhoto(scope: Scope, id: string, upload: Buffer): Promise<FoodRequest> {
    const row = await ownRow(scope, id);
    if (row.status !== 'pending') throw alreadyReviewed();
    const webp = await toStoredLabelPhoto(upload);
    const relative = await photos.save(scope.nutritionistId, id, webp);
    const updated = await repo.update(db, id, { photo_path: relative, updated_at: clock.now().toISOString() }, 'pending');
    if (!updated) {
      await photos.remove(relative);
      throw alreadyReviewed();
    }
    await photos.remove(row.photo_path);
    return get(scope, id);
  }

  async function readPhoto(path: string | null): Promise<Buffer> {
    if (!path) throw photoNotFound();
    const bytes = await photos.read(path);
    if (!bytes) throw photoNotFound();
    return bytes;
  }

  async function photo(scope: Scope, id: string): Promise<Buffer> {
    return readPhoto((await ownRow(scope, id)).photo_path);
  }

  async function adminGet(id: string): Promise<AdminFoodRequest> {
    return toAdminFoodRequest(await adminRow(id), await groups());
  }

  async function adminList(input: FoodRequestListInput) {
    const offset = input.cursor ? Number(input.cursor) : 0;
    const [{ rows, total }, groupMap] = await Promise.all([repo.listForAdmin(db, input.status, input.limit, offset), groups()]);
    const next = offset + input.limit;
    return { items: rows.map((r) => toAdminFoodRequest(r, groupMap)), total, nextCursor: next < total ? String(next) : null };
  }

  async function adminPhoto(id: string): Promise<Buffer> {
    return readPhoto((await adminRow(id)).photo_path);
  }

  /** Publishes the request as a global food (with the reviewer's corrections) and marks it approved. */
  async function approve(reviewerUserId: string, id: string, corrections: ApproveFoodRequestInput, requestId: string | null = null): Promise<AdminFoodRequest> {
    const row = await adminRow(id);
    if (row.status !== 'pending') throw alreadyReviewed();
    const input = corrections ?? {};
    if (input.group) await requireGroup(input.group);
    const nameEs = input.nameEs ?? row.name;
    const nameEn = input.nameEn === undefined ? row.name_en : input.nameEn;
    const brand = input.brand === undefined ? row.brand : input.brand;
    const group = input.group === undefined ? row.group_code : input.group;
    const nutrients = input.nutrients ?? parseRequestNutrients(row.nutrients);
    const measures = input.measures ?? parseRequestMeasures(row.measures);
    // The requester's country list when one exists, else the list nutritionists of that country use.
    const country = (await repo.hasGlobalList(db, row.country_code)) ? row.country_code : DEFAULT_FOOD_COUNTRY;
    const foodId = newId();
    const now = clock.now().toISOString();

    await db.transaction().execute(async (trx) => {
      const claimed = await repo.update(
        trx,
        id,
        { status: 'approved', reviewed_by: reviewerUserId, reviewed_at: now, rejection_reason: null, updated_at: now },
        'pending',
      );
      if (!claimed) throw alreadyReviewed();
      await repo.insertGlobalFood(
        trx,
        {
          id: foodId,
          nutritionist_id: null,
          country_code: country,
          ndb: null,
          name_es: nameEs,
          name_en: nameEn,
          search_text: buildSearchText(nameEs, nameEn, brand),
          group_code: group,
          source: 'request',
          brand,
          deactivated: 0,
          legacy: 0,
          nutrients: serializeRequestNutrients(nutrients),
          created_at: now,
          updated_at: now,
        },
        measures,
      );
      await repo.update(trx, id, { created_food_id: foodId });
      await markGlobalFoodsChanged(trx, now);
      await recordOperatorAction(
        trx,
        { actorUserId: reviewerUserId, requestId, action: 'food_request.approve', targetType: 'food_request', targetId: id, details: { name: nameEs, foodId } },
        now,
      );
    });
    return adminGet(id);
  }

  async function reject(reviewerUserId: string, id: string, reason: string, requestId: string | null = null): Promise<AdminFoodRequest> {
    const row = await adminRow(id);
    if (row.status !== 'pending') throw alreadyReviewed();
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const updated = await repo.update(
        trx,
        id,
        { status: 'rejected', rejection_reason: reason, reviewed_by: reviewerUserId, reviewed_at: now, updated_at: now },
        'pending',
      );
      if (!updated) throw alreadyReviewed();
      await recordOperatorAction(
        trx,
        { actorUserId: reviewerUserId, requestId, action: 'food_request.reject', targetType: 'food_request', targetId: id, details: { name: row.name, reason } },
        now,
      );
    });
    return adminGet(id);
  }

  return { submit, get, list, setPhoto, photo, adminGet, adminList, adminPhoto, approve, reject };
}

export type FoodRequestsService = ReturnType<typeof createFoodRequestsService>;
