// "Enviar link de pago": a Mercado Pago Checkout Pro preference for an amount, created with the
// practice's OWN Mercado Pago credentials (she collects into her account, not the server operator's), and
// the webhook that turns its approved payment into a Cobro with its receipt number. Decisions in
// docs/cobros.md § Links de pago.
// - Credentials are sealed at rest (lib/secret-box.ts) and never returned.
// - external_reference = 'almendra:{nutritionistId}:{patientId}:{linkId}'; the notification URL names the
//   practice, whose webhook secret verifies x-signature (the same HMAC as the billing webhook) before
//   anything is read; the payment is then fetched from Mercado Pago with her token and recorded only when
//   approved and its reference names a link of that practice and patient.
// - Idempotent by Mercado Pago's payment id (patient_payments.external_ref, unique per practice): a
//   replayed or concurrent notification records nothing twice.
import type { Kysely } from 'kysely';
import { MercadoPagoConfig, Payment, Preference, User } from 'mercadopago';
import { AppConfig as MercadoPagoAppConfig } from 'mercadopago/dist/utils/config/index.js';
import { localDateOf, resolveTimeZone } from '@almendra/domain';
import {
  createPaymentLinkRequestSchema,
  defaultCurrencyFor,
  saveMercadoPagoSettingsRequestSchema,
  type CreatePaymentLinkRequest,
  type MercadoPagoSettings,
  type PaymentLink,
  type PaymentLinkList,
  type SaveMercadoPagoSettingsRequest,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { PatientPaymentLinksTable } from '../../db/schema-patient-payments.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { LinkOrigins } from '../../lib/link-origin.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { isTransientProcessorError, WebhookSignatureError, type WebhookInput } from '../billing/payment-provider.js';
import { requirePatient, type Actor } from '../patients/patient-access.js';
import { writeAudit } from '../patients/patient-audit.js';
import { verifyMercadoPagoSignature } from '../payments/mercadopago-provider.js';
import { patientPaymentsRepository as payments } from './patient-payments.repository.js';

type Scope = { nutritionistId: string };
type LinkRow = PatientPaymentLinksTable;

const TOKEN = 'practice-mercadopago/access-token';
const SECRET = 'practice-mercadopago/webhook-secret';
const DEFAULT_DESCRIPTION = 'Consulta nutricional';
export const REFERENCE_PREFIX = 'almendra';

/** The payment's identity at Mercado Pago, as patient_payments.external_ref. */
export const mercadoPagoRef = (paymentId: string | number) => `mercadopago:${paymentId}`;

export interface MercadoPagoApi {
  createPreference(accessToken: string, body: Parameters<Preference['create']>[0]['body']): Promise<{ id?: string; init_point?: string }>;
  getPayment(accessToken: string, id: string): Promise<{ id?: number; status?: string; external_reference?: string; transaction_amount?: number; currency_id?: string; date_approved?: string | null }>;
  /** The account the token belongs to (GET /users/me): throws when Mercado Pago does not accept the token. */
  whoAmI(accessToken: string): Promise<{ id?: number }>;
  /** Makes a Checkout Pro preference expire at `to` (Mercado Pago then refuses to pay it). */
  expirePreference(accessToken: string, id: string, from: string, to: string): Promise<void>;
}

/** The official SDK; MERCADOPAGO_API_BASE points its (process-wide) base URL elsewhere, as for billing. */
export function mercadoPagoSdk(apiBase?: string | null): MercadoPagoApi {
  if (apiBase) (MercadoPagoAppConfig as { BASE_URL: string }).BASE_URL = apiBase.replace(/\/+$/, '');
  // retries: 1 (read by the SDK's RestClient, absent from its types): one try, no 2 s + 4 s of sleeping retries
  // while she waits on a form; she can try again, and Mercado Pago redelivers a webhook we answered 500.
  const config = (accessToken: string) => new MercadoPagoConfig({ accessToken, options: { timeout: 10_000, retries: 1 } as MercadoPagoConfig['options'] });
  return {
    createPreference: (accessToken, body) => new Preference(config(accessToken)).create({ body }),
    getPayment: (accessToken, id) => new Payment(config(accessToken)).get({ id }),
    whoAmI: (accessToken) => new User(config(accessToken)).get(),
    expirePreference: async (accessToken, id, from, to) => {
      // Mercado Pago's PUT /checkout/preferences/{id} changes only the fields sent; the SDK's type asks for
      // the whole preference (items…), which re-sending could alter.
      const expiry = { expires: true, expiration_date_from: from, expiration_date_to: to } as Parameters<Preference['update']>[0]['updatePreferenceRequest'];
      await new Preference(config(accessToken)).update({ id, updatePreferenceRequest: expiry });
    },
  };
}

export interface PaymentLinksServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  box: SecretBox;
  links: LinkOrigins;
  mercadoPago: MercadoPagoApi;
}

export type WebhookOutcome = { status: 'recorded'; paymentId: string } | { status: 'duplicate' } | { status: 'ignored'; reason: string };

function toLink(row: LinkRow): PaymentLink {
  return {
    id: row.id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    description: row.description,
    url: row.init_point,
    status: row.status,
    paymentId: row.payment_id,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at ?? null,
  };
}

const header = (headers: WebhookInput['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createPaymentLinksService(deps: PaymentLinksServiceDeps) {
  const { db, clock, box } = deps;

  const credentialsRow = (scope: Scope) => db.selectFrom('practice_mercadopago').selectAll().where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
  const webhookUrl = (scope: Scope) => `${deps.links.current()}/api/v1/payment-links/webhooks/mercadopago/${scope.nutritionistId}`;

  async function credentials(scope: Scope) {
    const row = await credentialsRow(scope);
    if (!row) return null;
    return { accessToken: box.open(row.access_token_enc, TOKEN), webhookSecret: box.open(row.webhook_secret_enc, SECRET) };
  }

  async function practice(scope: Scope) {
    const n = await db.selectFrom('nutritionists').select(['currency', 'country_code', 'time_zone']).where('id', '=', scope.nutritionistId).executeTakeFirst();
    if (!n) throw new AppError('NOT_FOUND', 'No encontramos tu perfil profesional.');
    return { currency: n.currency ?? defaultCurrencyFor(n.country_code), timeZone: resolveTimeZone(n.time_zone) };
  }

  return {
    async settings(scope: Scope): Promise<MercadoPagoSettings> {
      const row = await credentialsRow(scope);
      return { configured: Boolean(row), tokenHint: row?.token_hint ?? null, webhookUrl: webhookUrl(scope), updatedAt: row?.updated_at ?? null };
    },

    /**
     * Saves her credentials only once Mercado Pago accepted the token (GET /users/me with it): a token it
     * refuses is a 400 on the field and whatever was saved before stays; Mercado Pago unreachable is a 502,
     * nothing saved either.
     */
    async saveSettings(scope: Scope, input: SaveMercadoPagoSettingsRequest): Promise<MercadoPagoSettings> {
      const data = saveMercadoPagoSettingsRequestSchema.parse(input);
      try {
        const account = await deps.mercadoPago.whoAmI(data.accessToken);
        if (account.id === undefined || account.id === null) throw Object.assign(new Error('Mercado Pago answered no account for the token'), { status: 401 });
      } catch (error) {
        if (isTransientProcessorError(error)) {
          throw new AppError('PAYMENT_PROVIDER_ERROR', 'No pudimos comprobar el Access Token con Mercado Pago, así que no guardamos nada. Probá de nuevo en unos minutos.');
        }
        const message = 'Mercado Pago no acepta ese Access Token: copialo de nuevo desde Credenciales (el de producción lleva el prefijo APP_USR-) y pegalo completo. No guardamos nada.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'accessToken', message }]);
      }
      const now = clock.now().toISOString();
      const sealed = { access_token_enc: box.seal(data.accessToken, TOKEN), webhook_secret_enc: box.seal(data.webhookSecret, SECRET), token_hint: data.accessToken.slice(-4), updated_at: now };
      await db
        .insertInto('practice_mercadopago')
        .values({ nutritionist_id: scope.nutritionistId, ...sealed, created_at: now })
        .onConflict((oc) => oc.column('nutritionist_id').doUpdateSet(sealed))
        .execute();
      return this.settings(scope);
    },

    async removeSettings(scope: Scope): Promise<MercadoPagoSettings> {
      await db.deleteFrom('practice_mercadopago').where('nutritionist_id', '=', scope.nutritionistId).execute();
      return this.settings(scope);
    },

    async list(actor: Actor, patientId: string): Promise<PaymentLinkList> {
      await requirePatient(db, actor, patientId, clock.now(), 'read');
      const rows = await db.selectFrom('patient_payment_links').selectAll().where('nutritionist_id', '=', actor.nutritionistId).where('patient_id', '=', patientId).orderBy('created_at', 'desc').limit(200).execute();
      return { items: rows.map(toLink), mercadoPagoConfigured: Boolean(await credentialsRow(actor)) };
    },

    /** The patient's links still to pay, for her portal. */
    async pendingForPatient(scope: { nutritionistId: string; patientId: string }): Promise<PaymentLink[]> {
      const rows = await db
        .selectFrom('patient_payment_links')
        .selectAll()
        .where('nutritionist_id', '=', scope.nutritionistId)
        .where('patient_id', '=', scope.patientId)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      return rows.map(toLink);
    },

    async create(actor: Actor, patientId: string, input: CreatePaymentLinkRequest): Promise<PaymentLink> {
      const data = createPaymentLinkRequestSchema.parse(input);
      const patient = await requirePatient(db, actor, patientId, clock.now(), 'write');
      const creds = await credentials(actor);
      if (!creds) throw new AppError('DOMAIN_RULE', 'Para enviar links de pago, conecta primero tu cuenta de Mercado Pago: «Enviar link de pago» → Conectar Mercado Pago.');
      if (data.appointmentId) {
        const appointment = await payments.appointmentOf(db, actor, patientId, data.appointmentId);
        if (!appointment) throw new AppError('NOT_FOUND', 'No encontramos ese turno entre los de este paciente.');
      }
      const { currency } = await practice(actor);
      const id = newId();
      const description = data.description || DEFAULT_DESCRIPTION;
      let preference: { id?: string; init_point?: string };
      try {
        preference = await deps.mercadoPago.createPreference(creds.accessToken, {
          items: [{ id, title: description, quantity: 1, unit_price: data.amountCents / 100, currency_id: currency }],
          external_reference: `${REFERENCE_PREFIX}:${actor.nutritionistId}:${patientId}:${id}`,
          notification_url: webhookUrl(actor),
          ...(patient.email ? { payer: { email: patient.email } } : {}),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : '';
        throw new AppError('PAYMENT_PROVIDER_ERROR', `Mercado Pago no creó el link de pago${reason ? ` (${reason.slice(0, 160)})` : ''}. Revisa tu Access Token de Mercado Pago y prueba de nuevo.`);
      }
      if (!preference.id || !preference.init_point) throw new AppError('PAYMENT_PROVIDER_ERROR', 'Mercado Pago no devolvió el link de pago. Prueba de nuevo en unos minutos.');
      const now = clock.now().toISOString();
      const row: LinkRow = {
        id,
        nutritionist_id: actor.nutritionistId,
        patient_id: patientId,
        appointment_id: data.appointmentId ?? null,
        amount_cents: data.amountCents,
        currency,
        description,
        preference_id: preference.id,
        init_point: preference.init_point,
        status: 'pending',
        payment_id: null,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
        cancelled_at: null,
        cancelled_by: null,
      };
      await db.insertInto('patient_payment_links').values(row).execute();
      return toLink(row);
    },

    /**
     * She cancels a link still to pay: Mercado Pago first (the preference expires now, so the patient can no
     * longer pay it), then it is marked cancelled here and leaves the patient's portal. If Mercado Pago does
     * not confirm, nothing changes (502: the link still works). Without Mercado Pago connected any more there
     * is nothing to expire with: it is only marked. A paid link is a Cobro — it is voided there, not here (409).
     */
    async cancel(actor: Actor, patientId: string, linkId: string): Promise<PaymentLink> {
      await requirePatient(db, actor, patientId, clock.now(), 'write');
      const link = await db.selectFrom('patient_payment_links').selectAll().where('id', '=', linkId).where('nutritionist_id', '=', actor.nutritionistId).where('patient_id', '=', patientId).executeTakeFirst();
      if (!link) throw new AppError('NOT_FOUND', 'No encontramos ese link de pago entre los de este paciente.');
      if (link.status === 'cancelled') return toLink(link);
      if (link.status === 'paid') throw new AppError('CONFLICT', 'Ese link ya se pagó y es un cobro: si hay que devolverlo, anulá el cobro en la lista de cobros.');
      const now = clock.now().toISOString();
      const creds = await credentials(actor);
      if (creds) {
        try {
          await deps.mercadoPago.expirePreference(creds.accessToken, link.preference_id, link.created_at, now);
        } catch (error) {
          const reason = error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : '';
          throw new AppError('PAYMENT_PROVIDER_ERROR', `Mercado Pago no confirmó la anulación${reason ? ` (${reason.slice(0, 160)})` : ''}, así que el link sigue activo. Probá de nuevo en unos minutos.`);
        }
      }
      // Only a link still pending: a payment recorded meanwhile (webhook) wins.
      await db
        .updateTable('patient_payment_links')
        .set({ status: 'cancelled', cancelled_at: now, cancelled_by: actor.userId, updated_at: now })
        .where('id', '=', link.id)
        .where('nutritionist_id', '=', actor.nutritionistId)
        .where('status', '=', 'pending')
        .execute();
      const fresh = await db.selectFrom('patient_payment_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
      return toLink(fresh);
    },

    /**
     * A notification at the practice's webhook URL. Throws WebhookSignatureError for a bad signature and
     * AppError NOT_FOUND when the practice has no Mercado Pago connected; anything else Mercado Pago should
     * not retry answers an 'ignored' outcome.
     */
    async receiveWebhook(nutritionistId: string, input: WebhookInput): Promise<WebhookOutcome> {
      const scope = { nutritionistId };
      const creds = await credentials(scope);
      if (!creds) throw new AppError('NOT_FOUND', 'Este consultorio no tiene Mercado Pago conectado.');
      let body: { type?: string; topic?: string; data?: { id?: string | number } } = {};
      try {
        body = input.rawBody.length > 0 ? (JSON.parse(input.rawBody.toString('utf8')) as typeof body) : {};
      } catch {
        body = {};
      }
      const dataId = input.query['data.id'] ?? (body.data?.id === undefined ? undefined : String(body.data.id));
      verifyMercadoPagoSignature({ signature: header(input.headers, 'x-signature'), requestId: header(input.headers, 'x-request-id'), dataId, secret: creds.webhookSecret });
      const type = body.type ?? input.query.type ?? input.query.topic;
      if (type !== 'payment') return { status: 'ignored', reason: `topic ${type ?? 'unknown'}` };

      const existing = await payments.findByExternalRef(db, scope, mercadoPagoRef(dataId as string));
      if (existing) return { status: 'duplicate' };
      const payment = await deps.mercadoPago.getPayment(creds.accessToken, dataId as string);
      if (payment.status !== 'approved' || payment.id === undefined) return { status: 'ignored', reason: `payment ${payment.status ?? 'without status'}` };
      const [prefix, refPractice, refPatient, linkId, ...rest] = (payment.external_reference ?? '').split(':');
      if (prefix !== REFERENCE_PREFIX || refPractice !== nutritionistId || !refPatient || !linkId || rest.length > 0) return { status: 'ignored', reason: 'reference of another practice or not a payment link' };
      const link = await db.selectFrom('patient_payment_links').selectAll().where('id', '=', linkId).where('nutritionist_id', '=', nutritionistId).where('patient_id', '=', refPatient).executeTakeFirst();
      if (!link) return { status: 'ignored', reason: 'unknown payment link' };

      const ref = mercadoPagoRef(payment.id);
      const { timeZone } = await practice(scope);
      const paidAt = payment.date_approved ? new Date(payment.date_approved) : clock.now();
      const now = clock.now().toISOString();
      const id = newId();
      try {
        await db.transaction().execute(async (trx) => {
          const number = await payments.takeNumber(trx, scope);
          const amountCents = Math.round((payment.transaction_amount ?? Number(link.amount_cents) / 100) * 100);
          await payments.insert(trx, {
            id,
            nutritionist_id: nutritionistId,
            patient_id: link.patient_id,
            appointment_id: link.appointment_id,
            number,
            amount_cents: amountCents,
            currency: payment.currency_id ?? link.currency,
            method: 'mercadopago',
            payment_date: localDateOf(paidAt, timeZone),
            note: `${link.description} · Mercado Pago n.º ${payment.id}`,
            external_ref: ref,
            created_by: null,
            voided_at: null,
            voided_by: null,
            created_at: now,
            updated_at: now,
          });
          await trx.updateTable('patient_payment_links').set({ status: 'paid', payment_id: id, updated_at: now }).where('id', '=', link.id).execute();
          await writeAudit(trx, { nutritionistId, userId: null }, [{ patientId: link.patient_id, entity: 'payment', entityId: id, action: 'create', changes: { number, amountCents, currency: payment.currency_id ?? link.currency, method: 'mercadopago', paymentLinkId: link.id, mercadoPagoPaymentId: String(payment.id) } }], now);
        });
      } catch (error) {
        // The same payment notified twice at once: the unique (practice, external_ref) let one through.
        if (await payments.findByExternalRef(db, scope, ref)) return { status: 'duplicate' };
        throw error;
      }
      return { status: 'recorded', paymentId: id };
    },
  };
}

export type PaymentLinksService = ReturnType<typeof createPaymentLinksService>;
export { WebhookSignatureError };
