// /api/v1/meal-slots, /api/v1/plans and /api/v1/exchange-groups: thin handlers over the plans service,
// plus the printable PDF and sending it by email.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  copyPlanRequestSchema,
  createPlanRequestSchema,
  emailPlanRequestSchema,
  errorBodySchema,
  exchangeGroupsQuerySchema,
  exchangeGroupsResponseSchema,
  idSchema,
  mealSlotsResponseSchema,
  planListQuerySchema,
  planListResponseSchema,
  planSchema,
  planShareLinkSchema,
  portalPlanListSchema,
  updateMealSlotsRequestSchema,
  updatePlanRequestSchema,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { createBrandingService } from '../branding/branding.service.js';
import { SignedTokens } from '../../lib/signed-token.js';
import { renderPlanPdf } from './plan-pdf.js';
import type { PortalService } from '../portal/portal.service.js';
import type { PlansService } from './plans.service.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

export interface PlansRoutesOptions {
  plans: PlansService;
  guards: Guards;
  db: Kysely<DB>;
  mailer: Mailer;
  /** Where the nutritionist's logo lives (DATA_DIR); the PDF header prints it when present. */
  branding: { clock: Clock; dataDir: string };
  /** Signs the expiring links to a plan's PDF sent to patients (WhatsApp); `links` gives their origin. */
  share: { secret: string; links: LinkOrigins };
  /** The portal's read-only view of the patient's current plan (GET /portal/plan and /portal/plan/pdf). */
  portal?: Pick<PortalService, 'scopeOf' | 'currentPlanId' | 'publishedPlans' | 'publishedPlanId'>;
}

/** Days a shared plan link opens the PDF: long enough for a patient to come back to it between visits. */
export const PLAN_SHARE_LINK_DAYS = 30;
const SHARED_PLAN_GONE = 'Este enlace no existe o ya venció. Pídele a tu nutricionista uno nuevo.';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...errors, 409: errorBodySchema, 422: errorBodySchema };
const idParams = z.object({ id: idSchema });

export async function plansRoutes(app: FastifyInstance, options: PlansRoutesOptions): Promise<void> {
  const { plans, guards, db, mailer } = options;
  const shareTokens = new SignedTokens(options.share.secret, 'plan-share-link/v1');
  const clock = options.branding.clock;
  const branding = createBrandingService({ db, ...options.branding });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];

  async function pdfOf(scope: { nutritionistId: string }, id: string) {
    const plan = await plans.get(scope, id);
    const letterhead = await branding.letterhead(scope);
    const patient = plan.patientId
      ? await db.selectFrom('patients').select(['first_name', 'last_name', 'email']).where('id', '=', plan.patientId).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst()
      : undefined;
    const file = plan.type === 3 ? await plans.exchangeGroupsForScope(scope) : null;
    const groups = file ? await plans.exchangeGroups(file.country, 'es') : null;
    const pdf = await renderPlanPdf(plan, { ...letterhead, patientName: patient ? `${patient.first_name} ${patient.last_name}`.trim() : null }, groups);
    return { plan, pdf, patientEmail: patient?.email ?? null, nutritionistName: letterhead.nutritionistName };
  }

  const filename = (title: string) => `${title.normalize('NFD').replace(/[^\w\- ]+/g, '').trim().replace(/\s+/g, '-').toLowerCase() || 'plan'}.pdf`;

  if (options.portal) {
    const portal = options.portal;
    const patientPlan = async (userId: string) => {
      const scope = await portal.scopeOf(userId);
      return { scope, id: await portal.currentPlanId(scope) };
    };
    r.get('/portal/plan', { preHandler: guards.requireRole('patient'), schema: { tags, response: { 200: planSchema, ...errors } } }, async (request) => {
      const { scope, id } = await patientPlan(request.auth!.userId);
      return plans.get(scope, id);
    });
    // Earlier published plans stay reachable: the list, and each one by id (only published ones).
    r.get('/portal/plans', { preHandler: guards.requireRole('patient'), schema: { tags, response: { 200: portalPlanListSchema, ...errors } } }, async (request) =>
      portal.publishedPlans(await portal.scopeOf(request.auth!.userId)),
    );
    r.get(
      '/portal/plans/:id',
      { preHandler: guards.requireRole('patient'), schema: { tags, params: idParams, response: { 200: planSchema, ...errors } } },
      async (request) => {
        const scope = await portal.scopeOf(request.auth!.userId);
        return plans.get(scope, await portal.publishedPlanId(scope, request.params.id));
      },
    );
    r.get('/portal/plans/:id/pdf', { preHandler: guards.requireRole('patient'), schema: { tags, params: idParams } }, async (request, reply) => {
      const scope = await portal.scopeOf(request.auth!.userId);
      const { plan, pdf } = await pdfOf(scope, await portal.publishedPlanId(scope, request.params.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename(plan.title)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
    r.get('/portal/plan/pdf', { preHandler: guards.requireRole('patient'), schema: { tags } }, async (request, reply) => {
      const { scope, id } = await patientPlan(request.auth!.userId);
      const { plan, pdf } = await pdfOf(scope, id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename(plan.title)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  }

  r.get('/meal-slots', { preHandler: guards.requireEditor, schema: { tags, response: { 200: mealSlotsResponseSchema, ...errors } } }, async (request) =>
    plans.mealSlots(tenantScope(request)),
  );
  r.put(
    '/meal-slots',
    { preHandler: guards.requireEditor, schema: { tags, body: updateMealSlotsRequestSchema, response: { 200: mealSlotsResponseSchema, ...writeErrors } } },
    async (request) => plans.updateMealSlots(tenantScope(request), request.body),
  );

  r.get(
    '/exchange-groups',
    { preHandler: guards.requireEditor, schema: { tags, querystring: exchangeGroupsQuerySchema, response: { 200: exchangeGroupsResponseSchema, ...errors } } },
    async (request) => plans.exchangeGroups(request.query.country, request.query.locale),
  );

  r.get('/plans', { preHandler: guards.requireEditor, schema: { tags, querystring: planListQuerySchema, response: { 200: planListResponseSchema, ...errors } } }, async (request) =>
    plans.list(tenantScope(request), request.query),
  );
  r.post('/plans', { preHandler: guards.requireEditor, schema: { tags, body: createPlanRequestSchema, response: { 201: planSchema, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await plans.create(tenantScope(request), request.body)),
  );
  r.get('/plans/:id', { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: planSchema, ...errors } } }, async (request) =>
    plans.get(tenantScope(request), request.params.id),
  );
  r.patch(
    '/plans/:id',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, body: updatePlanRequestSchema, response: { 200: planSchema, ...writeErrors } } },
    async (request) => plans.update(tenantScope(request), request.params.id, request.body),
  );
  r.delete('/plans/:id', { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await plans.remove(tenantScope(request), request.params.id);
    return reply.status(204).send(null);
  });
  r.post(
    '/plans/:id/copy',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, body: copyPlanRequestSchema, response: { 201: planSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await plans.copy(tenantScope(request), request.params.id, request.body.patientId)),
  );
  r.post('/plans/:id/publish', { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: planSchema, ...writeErrors } } }, async (request) =>
    plans.publish(tenantScope(request), request.params.id),
  );
  r.post(
    '/plans/:id/publish-for-patient',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: planSchema, ...writeErrors } } },
    async (request) => plans.publishForPatient(tenantScope(request), request.params.id),
  );
  r.delete(
    '/plans/:id/publish-for-patient',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: planSchema, ...writeErrors } } },
    async (request) => plans.withdrawFromPatient(tenantScope(request), request.params.id),
  );
  r.get('/plans/:id/pdf', { preHandler: guards.requireEditor, schema: { tags, params: idParams } }, async (request, reply) => {
    const { plan, pdf } = await pdfOf(tenantScope(request), request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename(plan.title)}"`)
      .send(pdf);
  });
  // A link the patient opens on her phone (shared by WhatsApp): the plan's current PDF, no session needed,
  // for PLAN_SHARE_LINK_DAYS. The token is bound to the plan and its nutritionist (lib/signed-token.ts).
  r.get(
    '/plans/:id/share-link',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: planShareLinkSchema, ...errors } } },
    async (request) => {
      const scope = tenantScope(request);
      const plan = await plans.get(scope, request.params.id);
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + PLAN_SHARE_LINK_DAYS * 86_400;
      const token = shareTokens.issue(plan.id, scope.nutritionistId, expiresAt);
      return {
        url: `${options.share.links.current()}/api/v1/shared-plans/${encodeURIComponent(plan.id)}/pdf?t=${encodeURIComponent(token)}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  );
  r.get(
    '/shared-plans/:id/pdf',
    { schema: { tags, params: idParams, querystring: z.object({ t: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const nutritionistId = shareTokens.verify(request.query.t ?? '', request.params.id, clock.now());
      if (!nutritionistId) throw new AppError('NOT_FOUND', SHARED_PLAN_GONE);
      let shared: Awaited<ReturnType<typeof pdfOf>>;
      try {
        shared = await pdfOf({ nutritionistId }, request.params.id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', SHARED_PLAN_GONE);
        throw error;
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename(shared.plan.title)}"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(shared.pdf);
    },
  );
  r.post(
    '/plans/:id/email',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, body: emailPlanRequestSchema, response: { 202: z.object({ to: z.string() }), ...writeErrors } } },
    async (request, reply) => {
      const { plan, pdf, patientEmail, nutritionistName } = await pdfOf(tenantScope(request), request.params.id);
      const to = request.body.to ?? patientEmail;
      if (!to) throw new AppError('DOMAIN_RULE', 'El paciente no tiene correo electrónico. Escribe una dirección.');
      await mailer.send({
        to,
        subject: `Tu plan de alimentación: ${plan.title}`,
        text: `Hola:\n\nTe envío tu plan de alimentación "${plan.title}" en el archivo adjunto.\n\n${nutritionistName}`,
        attachments: [{ filename: filename(plan.title), content: pdf, contentType: 'application/pdf' }],
      });
      return reply.status(202).send({ to });
    },
  );
}
