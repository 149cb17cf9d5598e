// Stripe behind PaymentProvider: Checkout in subscription mode, the billing portal, cancel at period
// end / undo it, price change on the subscription item, and webhooks verified with
// stripe.webhooks.constructEvent over the raw body. Our subscription id travels as client_reference_id
// and as metadata.subscriptionId on the Stripe subscription, and comes back in every event we use.
import Stripe from 'stripe';
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

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** Tests replay recorded exchanges through this (Stripe.createFetchHttpClient(fakeFetch)). */
  httpClient?: Stripe.HttpClient;
  /** STRIPE_API_BASE: another base URL for Stripe's API (a mock server, a proxy); the SDK's host/port/protocol. */
  apiBase?: string;
}

/** The Stripe SDK's own options for a base URL other than https://api.stripe.com. */
export function stripeHostOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** The end of the period an invoice pays for: the latest end among its lines (a proration's is the current period's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function invoicePeriodEnd(invoice: any): string | null {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ends: number[] = (invoice?.lines?.data ?? []).map((line: any) => Number(line?.period?.end)).filter((end: number) => Number.isFinite(end) && end > 0);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000).toISOString() : null;
}

const header = (headers: WebhookInput['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function recurringPrice(plan: ProviderPlan) {
  return {
    currency: plan.currency.toLowerCase(),
    unit_amount: plan.priceCents,
    recurring: { interval: 'month' as const, interval_count: plan.intervalMonths },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function subscriptionIdOfInvoice(invoice: any): string | null {
  return (
    invoice?.parent?.subscription_details?.metadata?.subscriptionId ??
    invoice?.subscription_details?.metadata?.subscriptionId ??
    invoice?.metadata?.subscriptionId ??
    null
  );
}

export function translateStripeEvent(event: Stripe.Event): BillingEvent[] {
  const occurredAt = new Date(event.created * 1000).toISOString();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const object = event.data.object as any;
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscriptionId = object.client_reference_id ?? object.metadata?.subscriptionId;
      const external = typeof object.subscription === 'string' ? object.subscription : object.subscription?.id;
      const customer = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? null);
      return subscriptionId && external ? [{ type: 'subscription.activated', subscriptionId, externalSubscriptionId: external, externalCustomerId: customer, occurredAt }] : [];
    }
    case 'invoice.paid': {
      const subscriptionId = subscriptionIdOfInvoice(object);
      // The trial's zero invoice (trial_end at checkout) pays for nothing.
      if (!subscriptionId || !(Number(object.amount_paid) > 0)) return [];
      return [{ type: 'payment.approved', subscriptionId, providerPaymentId: object.id, amountCents: object.amount_paid, currency: String(object.currency).toUpperCase(), occurredAt, periodEnd: invoicePeriodEnd(object), card: null }];
    }
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionIdOfInvoice(object);
      if (!subscriptionId) return [];
      const reason = object.last_finalization_error?.message ?? 'invoice.payment_failed';
      const reasonCode = object.last_finalization_error?.decline_code ?? object.last_finalization_error?.code ?? null;
      return [{ type: 'payment.rejected', subscriptionId, providerPaymentId: object.id, amountCents: object.amount_due, currency: String(object.currency).toUpperCase(), occurredAt, reason, reasonCode }];
    }
    case 'customer.subscription.deleted': {
      const subscriptionId = object.metadata?.subscriptionId;
      return subscriptionId ? [{ type: 'subscription.cancelled', subscriptionId, occurredAt }] : [];
    }
    default:
      return [];
  }
}

const TRIAL_END_MIN_MS = 48 * 3600 * 1000;
/** Unix seconds of the trial's end when Stripe accepts it (≥ 48 h ahead), else null. */
function trialEnd(firstChargeAt: string | null | undefined, requestedAt: string | undefined): number | null {
  if (!firstChargeAt) return null;
  const at = Date.parse(firstChargeAt);
  const now = requestedAt ? Date.parse(requestedAt) : Date.now();
  return at - now >= TRIAL_END_MIN_MS ? Math.floor(at / 1000) : null;
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...stripeHostOptions(config.apiBase),
    ...(config.httpClient ? { httpClient: config.httpClient } : {}),
  });

  return {
    key: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: request.payerEmail,
        client_reference_id: request.subscriptionId,
        success_url: request.successUrl,
        cancel_url: request.failureUrl,
        line_items: [{ quantity: 1, price_data: { ...recurringPrice(request.plan), product_data: { name: request.plan.name, metadata: { planKey: request.plan.key } } } }],
        subscription_data: {
          metadata: { subscriptionId: request.subscriptionId, nutritionistId: request.nutritionistId, planKey: request.plan.key },
          // Paying during the trial keeps its days: Stripe's first charge waits for the trial's end
          // (Stripe accepts a trial end at least 48 h ahead; closer than that she is charged now).
          ...(trialEnd(request.firstChargeAt, request.requestedAt) ? { trial_end: trialEnd(request.firstChargeAt, request.requestedAt)! } : {}),
        },
        metadata: { subscriptionId: request.subscriptionId },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
      return { provider: 'stripe', redirectUrl: session.url, externalId: session.id, externalCustomerId: customer };
    },

    /** Cancels at the end of the paid period (the nutritionist keeps what was paid for). */
    async cancel(externalId: string) {
      await stripe.subscriptions.update(externalId, { cancel_at_period_end: true });
    },

    async reactivate(externalId: string) {
      await stripe.subscriptions.update(externalId, { cancel_at_period_end: false });
    },

    async changePlan(externalId: string, plan: ProviderPlan) {
      const subscription = await stripe.subscriptions.retrieve(externalId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${externalId} has no items`);
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      await stripe.subscriptions.update(externalId, {
        items: [{ id: item.id, price_data: { ...recurringPrice(plan), product } }],
        // Proration now: Stripe invoices (and charges) the difference for the rest of the period at once.
        proration_behavior: 'always_invoice',
        metadata: { planKey: plan.key },
      });
    },

    async customerPortalUrl(externalCustomerId: string, returnUrl: string) {
      const session = await stripe.billingPortal.sessions.create({ customer: externalCustomerId, return_url: returnUrl });
      return session.url;
    },

    async verifyWebhook(input: WebhookInput): Promise<VerifiedWebhook> {
      const signature = header(input.headers, 'stripe-signature');
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(input.rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad Stripe signature');
      }
      return { eventId: event.id, eventType: event.type, events: translateStripeEvent(event) };
    },
  };
}
