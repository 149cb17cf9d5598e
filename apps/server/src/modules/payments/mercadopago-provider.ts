// Mercado Pago behind PaymentProvider: subscriptions are preapprovals (the payer authorises a
// recurring charge at init_point); cancel / reactivate / change plan update the preapproval. Webhooks
// carry x-signature `ts=…,v1=…`: HMAC-SHA256 with the webhook secret over
// `id:{data.id};request-id:{x-request-id};ts:{ts};`; the notification only names a resource, so the
// payment or preapproval is then fetched through the SDK and translated. Our subscription id travels
// as external_reference. Mercado Pago has no self-service portal for a preapproval: customerPortalUrl → null.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MercadoPagoConfig, Payment, PreApproval } from 'mercadopago';
// The SDK's base URL is a static of its config class, read on every request (mercadopago 2.9,
// dist/utils/restClient: `${AppConfig.BASE_URL}${endpoint}`) — the only seam for MERCADOPAGO_API_BASE.
import { AppConfig as MercadoPagoAppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
  WebhookSignatureError,
  type BillingEvent,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderPlan,
  type VerifiedWebhook,
  type WebhookInput,
} from '../billing/payment-provider.js';

/** The SDK calls the adapter makes; the SDK's own clients by default. Its HTTP layer (node-fetch) cannot
 *  be injected, so tests replay recorded responses at this seam and assert the request bodies. */
export interface MercadoPagoClients {
  preApproval: Pick<PreApproval, 'create' | 'update' | 'get'>;
  payment: Pick<Payment, 'get'>;
}

export interface MercadoPagoProviderConfig {
  accessToken: string;
  webhookSecret: string;
  clients?: MercadoPagoClients;
  /**
   * MERCADOPAGO_API_BASE: another base URL for Mercado Pago's API (a mock server, a proxy). The SDK has no
   * per-client option, so this sets its process-wide base URL (one Mercado Pago account per server).
   */
  apiBase?: string;
}

const header = (headers: WebhookInput['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const toCents = (amount: number | undefined | null) => Math.round((amount ?? 0) * 100);

function autoRecurring(plan: ProviderPlan) {
  return { frequency: plan.intervalMonths, frequency_type: 'months', transaction_amount: plan.priceCents / 100, currency_id: plan.currency };
}

/** Checks x-signature; returns nothing or throws WebhookSignatureError. Exported for tests and docs. */
export function verifyMercadoPagoSignature(input: { signature: string | undefined; requestId: string | undefined; dataId: string | undefined; secret: string }): void {
  if (!input.signature) throw new WebhookSignatureError('missing x-signature header');
  if (!input.requestId) throw new WebhookSignatureError('missing x-request-id header');
  if (!input.dataId) throw new WebhookSignatureError('missing data.id');
  const parts = new Map(
    input.signature.split(',').map((part) => {
      const [key, ...rest] = part.split('=');
      return [key?.trim() ?? '', rest.join('=').trim()] as const;
    }),
  );
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) throw new WebhookSignatureError('malformed x-signature header');
  // Mercado Pago: an alphanumeric data.id is lower-cased in the manifest.
  const dataId = /[a-z]/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  const manifest = `id:${dataId};request-id:${input.requestId};ts:${ts};`;
  const expected = createHmac('sha256', input.secret).update(manifest).digest();
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError('x-signature does not match');
}

export function createMercadoPagoProvider(config: MercadoPagoProviderConfig): PaymentProvider {
  // Declared readonly in the SDK's types, but a plain static property at run time.
  if (config.apiBase) (MercadoPagoAppConfig as { BASE_URL: string }).BASE_URL = config.apiBase.replace(/\/+$/, '');
  const clients: MercadoPagoClients =
    config.clients ??
    (() => {
      // retries: 1 turns off the SDK's own retries, which sleep in the request (1 s, 2 s…) on a 5xx: a change
      // the processor did not confirm is retried durably by the job outbox instead (billing.processor-sync).
      // The SDK passes its options through to its RestClient, which reads `retries` (absent from its types).
      const options = { timeout: 10_000, retries: 1 } as MercadoPagoConfig['options'];
      const sdk = new MercadoPagoConfig({ accessToken: config.accessToken, options });
      return { preApproval: new PreApproval(sdk), payment: new Payment(sdk) };
    })();

  async function translate(type: string, dataId: string): Promise<BillingEvent[]> {
    if (type === 'payment') {
      const payment = await clients.payment.get({ id: dataId });
      const subscriptionId = payment.external_reference;
      if (!subscriptionId || payment.id === undefined) return [];
      const occurredAt = new Date(payment.date_approved ?? payment.date_last_updated ?? payment.date_created ?? Date.now()).toISOString();
      const common = { subscriptionId, providerPaymentId: String(payment.id), amountCents: toCents(payment.transaction_amount), currency: payment.currency_id ?? 'ARS', occurredAt };
      if (payment.status === 'approved') {
        const card = payment.card?.last_four_digits
          ? { token: String(payment.card.id ?? payment.id), brand: payment.payment_method_id ?? '', last4: payment.card.last_four_digits }
          : null;
        return [{ type: 'payment.approved', ...common, card }];
      }
      if (payment.status === 'rejected' || payment.status === 'cancelled') {
        return [{ type: 'payment.rejected', ...common, reason: payment.status_detail ?? payment.status }];
      }
      return [];
    }
    if (type === 'subscription_preapproval') {
      const preapproval = await clients.preApproval.get({ id: dataId });
      const subscriptionId = preapproval.external_reference;
      if (!subscriptionId || !preapproval.id) return [];
      const occurredAt = new Date(preapproval.last_modified ?? preapproval.date_created ?? Date.now()).toISOString();
      if (preapproval.status === 'authorized') return [{ type: 'subscription.activated', subscriptionId, externalSubscriptionId: preapproval.id, occurredAt }];
      if (preapproval.status === 'cancelled') return [{ type: 'subscription.cancelled', subscriptionId, occurredAt }];
      return [];
    }
    return [];
  }

  return {
    key: 'mercadopago',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const preapproval = await clients.preApproval.create({
        body: {
          reason: request.plan.name,
          external_reference: request.subscriptionId,
          payer_email: request.payerEmail,
          back_url: request.successUrl,
          // Paying during the trial keeps its days: the first debit waits for the trial's end.
          auto_recurring: { ...autoRecurring(request.plan), ...(request.firstChargeAt && Date.parse(request.firstChargeAt) > (request.requestedAt ? Date.parse(request.requestedAt) : Date.now()) ? { start_date: request.firstChargeAt } : {}) },
          status: 'pending',
        },
      });
      if (!preapproval.id || !preapproval.init_point) throw new Error('Mercado Pago returned a preapproval without id or init_point');
      return { provider: 'mercadopago', redirectUrl: preapproval.init_point, externalId: preapproval.id, externalCustomerId: preapproval.payer_id ? String(preapproval.payer_id) : null };
    },

    /**
     * Stops the debits by pausing the preapproval: Mercado Pago can only resume a paused one (a cancelled
     * preapproval is final), and "Reactivar" must keep working until the paid period ends.
     */
    async cancel(externalId: string) {
      await clients.preApproval.update({ id: externalId, body: { status: 'paused' } });
    },

    async reactivate(externalId: string) {
      await clients.preApproval.update({ id: externalId, body: { status: 'authorized' } });
    },

    async changePlan(externalId: string, plan: ProviderPlan) {
      await clients.preApproval.update({
        id: externalId,
        body: { reason: plan.name, auto_recurring: { transaction_amount: plan.priceCents / 100, currency_id: plan.currency } },
      });
    },

    async customerPortalUrl() {
      return null;
    },

    async verifyWebhook(input: WebhookInput): Promise<VerifiedWebhook> {
      let body: { id?: string | number; type?: string; action?: string; data?: { id?: string | number } } = {};
      try {
        body = input.rawBody.length > 0 ? (JSON.parse(input.rawBody.toString('utf8')) as typeof body) : {};
      } catch {
        body = {};
      }
      const dataId = input.query['data.id'] ?? (body.data?.id === undefined ? undefined : String(body.data.id));
      const requestId = header(input.headers, 'x-request-id');
      verifyMercadoPagoSignature({ signature: header(input.headers, 'x-signature'), requestId, dataId, secret: config.webhookSecret });
      const type = body.type ?? input.query.type ?? 'unknown';
      const eventId = body.id !== undefined ? String(body.id) : `${type}:${dataId}:${requestId}`;
      return { eventId, eventType: body.action ?? type, events: await translate(type, dataId as string) };
    },
  };
}
