// The one interface every payment processor sits behind (issue 12): Mercado Pago and Stripe through
// their official SDKs, and 'manual' for self-hosted installs where an operator records a payment.
// The billing service never talks to a processor's API directly; webhooks are verified and translated
// by the provider into normalised BillingEvents, stored once per provider event id (a replay or a
// duplicate delivery changes nothing) and then applied by the billing service through a BillingEventSink.

export type PaymentProviderKey = 'manual' | 'mercadopago' | 'stripe';

/** A plan as a processor needs it: integer cents, ISO 4217 currency, the spec's periods. */
export interface ProviderPlan {
  key: string;
  name: string;
  period: 'mensual' | 'semestral' | 'anual';
  /** Months between charges: mensual 1, semestral 6 ('Cada 6 meses'), anual 12. */
  intervalMonths: number;
  priceCents: number;
  currency: string;
}

export interface CheckoutRequest {
  /** Our subscription id: sent to the processor as its external reference and read back from webhooks. */
  subscriptionId: string;
  nutritionistId: string;
  payerEmail: string;
  plan: ProviderPlan;
  /** Where the processor sends the browser back: /exitoso on success, /pagar on failure or cancel. */
  successUrl: string;
  failureUrl: string;
  /** When the trial still runs: the first charge waits for its end (her unused trial days are kept). */
  firstChargeAt?: string | null;
  /** Now, on the server's clock (the injected one in tests). */
  requestedAt?: string;
}

export interface CheckoutSession {
  provider: PaymentProviderKey;
  /** Where to send the browser to pay (the processor's hosted page); null for the manual provider. */
  redirectUrl: string | null;
  /** The processor's id of the checkout / preapproval / subscription, kept on our subscription. */
  externalId: string;
  externalCustomerId?: string | null;
}

export type BillingEvent =
  | {
      type: 'payment.approved';
      subscriptionId: string;
      providerPaymentId: string;
      amountCents: number;
      currency: string;
      occurredAt: string;
      /** The end of the period this payment covers, when the processor says it (Stripe's invoice line). */
      periodEnd?: string | null;
      /** The processor's saved-card reference (last four digits and brand only, never a card number). */
      card?: { token: string; brand: string; last4: string } | null;
    }
  | {
      type: 'payment.rejected';
      subscriptionId: string;
      providerPaymentId: string;
      amountCents: number;
      currency: string;
      occurredAt: string;
      /** The processor's words (Mercado Pago's status_detail, Stripe's message). */
      reason: string;
      /** The processor's code for it when it gives one apart (Stripe's decline_code / code). */
      reasonCode?: string | null;
    }
  | { type: 'subscription.activated'; subscriptionId: string; externalSubscriptionId: string; occurredAt: string; externalCustomerId?: string | null }
  | { type: 'subscription.cancelled'; subscriptionId: string; occurredAt: string };

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are computed over the raw bytes. */
  rawBody: Buffer;
  query: Record<string, string | undefined>;
}

export interface VerifiedWebhook {
  /** The processor's own id of this notification: the idempotency key (unique with the provider key). */
  eventId: string;
  eventType: string;
  events: BillingEvent[];
}

/** Thrown for a missing or wrong signature: the webhook route answers 400 and stores nothing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly key: PaymentProviderKey;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  cancel(externalId: string): Promise<void>;
  reactivate(externalId: string): Promise<void>;
  changePlan(externalId: string, plan: ProviderPlan): Promise<void>;
  /** The processor's self-service page for cards and invoices, when it has one. */
  customerPortalUrl(externalCustomerId: string, returnUrl: string): Promise<string | null>;
  /** Verifies the signature (WebhookSignatureError when wrong) and translates the notification. */
  verifyWebhook(input: WebhookInput): Promise<VerifiedWebhook>;
}

/** Implemented by the billing service: applies one verified event to our subscription record. */
export interface BillingEventSink {
  apply(provider: PaymentProviderKey, event: BillingEvent): Promise<void>;
}

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Whether a failed processor call may succeed if simply tried again: the processor answered 5xx, 429, 408
 * or 409 (Stripe's lock conflict), answered something that is not JSON (a gateway's error page), or did not
 * answer at all (connection refused or reset, timeout). A 4xx is the processor refusing the request:
 * retrying cannot help. Reads both SDKs' errors: Stripe's StripeError (statusCode, type
 * StripeConnectionError) and Mercado Pago's, which throws the parsed error body ({status, message}) or
 * node-fetch's FetchError.
 */
export function isTransientProcessorError(error: unknown): boolean {
  if (error instanceof SyntaxError) return true;
  if (!error || typeof error !== 'object') return false;
  const e = error as { statusCode?: unknown; status?: unknown; type?: unknown; name?: unknown; code?: unknown; errno?: unknown };
  const status = typeof e.statusCode === 'number' ? e.statusCode : typeof e.status === 'number' ? e.status : undefined;
  if (status !== undefined) return status >= 500 || status === 429 || status === 408 || status === 409;
  if (e.type === 'StripeConnectionError' || e.name === 'FetchError' || e.name === 'AbortError' || e.type === 'request-timeout') return true;
  return typeof e.code === 'string' && NETWORK_ERROR_CODES.has(e.code);
}

/** The processor's code and HTTP status of a failure (Stripe's decline_code/code/statusCode, Mercado Pago's status and cause). */
export function processorErrorFacts(error: unknown): { code: string | null; status: number | null } {
  if (!error || typeof error !== 'object') return { code: null, status: null };
  const e = error as { decline_code?: unknown; code?: unknown; statusCode?: unknown; status?: unknown; raw?: { decline_code?: unknown }; cause?: unknown };
  const causeCode = Array.isArray(e.cause) && e.cause[0] && typeof e.cause[0] === 'object' ? (e.cause[0] as { code?: unknown }).code : undefined;
  const code = [e.decline_code, e.raw?.decline_code, e.code, causeCode].find((c): c is string => typeof c === 'string' && /^[a-z][a-z0-9_]*$/.test(c)) ?? null;
  const status = typeof e.statusCode === 'number' ? e.statusCode : typeof e.status === 'number' ? e.status : null;
  return { code, status };
}

/** The processor's own words about a failure, short, for the operator console and the logs. */
export function processorErrorText(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 500);
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; message?: unknown; error?: unknown };
    return `${typeof e.status === 'number' ? `${e.status} ` : ''}${typeof e.message === 'string' ? e.message : JSON.stringify(error)}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
