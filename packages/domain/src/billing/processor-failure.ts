/**
 * Why a payment processor said no, in a few reasons a person can act on. Stripe and Mercado Pago answer in
 * their own (English) words and codes — Stripe's `code`/`decline_code` ('insufficient_funds',
 * 'expired_card'…), Mercado Pago's `status_detail` ('cc_rejected_insufficient_amount'…), an HTTP status, or
 * an error message. The screens show the reason in the reader's language; the processor's own text stays
 * for the operator.
 */
export const PROCESSOR_FAILURE_REASONS = [
  'insufficient_funds',
  'card_declined',
  'expired_card',
  'invalid_card_data',
  'call_issuer',
  'card_disabled',
  'fraud_suspected',
  'too_many_attempts',
  'duplicate_payment',
  'authentication_required',
  'payment_cancelled',
  'processor_unavailable',
  'subscription_not_found',
  'processor_refused',
  'unknown',
] as const;
export type ProcessorFailureReason = (typeof PROCESSOR_FAILURE_REASONS)[number];

const CODES: Record<string, ProcessorFailureReason> = {
  // Mercado Pago status_detail (payments) and statuses.
  cc_rejected_insufficient_amount: 'insufficient_funds',
  cc_rejected_bad_filled_card_number: 'invalid_card_data',
  cc_rejected_bad_filled_security_code: 'invalid_card_data',
  cc_rejected_bad_filled_date: 'invalid_card_data',
  cc_rejected_bad_filled_other: 'invalid_card_data',
  cc_rejected_invalid_installments: 'invalid_card_data',
  cc_rejected_call_for_authorize: 'call_issuer',
  cc_rejected_card_disabled: 'card_disabled',
  cc_rejected_duplicated_payment: 'duplicate_payment',
  cc_rejected_high_risk: 'fraud_suspected',
  cc_rejected_blacklist: 'fraud_suspected',
  rejected_high_risk: 'fraud_suspected',
  rejected_by_regulations: 'fraud_suspected',
  cc_rejected_max_attempts: 'too_many_attempts',
  cc_amount_rate_limit_exceeded: 'too_many_attempts',
  cc_rejected_3ds_mandatory: 'authentication_required',
  cc_rejected_3ds_challenge: 'authentication_required',
  cc_rejected_other_reason: 'card_declined',
  cc_rejected_by_bank: 'card_declined',
  rejected_by_bank: 'card_declined',
  cc_rejected_card_error: 'card_declined',
  rejected: 'card_declined',
  cancelled: 'payment_cancelled',
  expired: 'payment_cancelled',
  by_collector: 'payment_cancelled',
  by_payer: 'payment_cancelled',
  // Stripe error codes and decline codes.
  insufficient_funds: 'insufficient_funds',
  card_declined: 'card_declined',
  generic_decline: 'card_declined',
  do_not_honor: 'card_declined',
  do_not_try_again: 'card_declined',
  transaction_not_allowed: 'card_declined',
  not_permitted: 'card_declined',
  lost_card: 'card_declined',
  stolen_card: 'card_declined',
  pickup_card: 'card_declined',
  restricted_card: 'card_declined',
  no_action_taken: 'card_declined',
  revocation_of_authorization: 'card_declined',
  service_not_allowed: 'card_declined',
  card_not_supported: 'card_declined',
  currency_not_supported: 'card_declined',
  expired_card: 'expired_card',
  incorrect_number: 'invalid_card_data',
  invalid_number: 'invalid_card_data',
  incorrect_cvc: 'invalid_card_data',
  invalid_cvc: 'invalid_card_data',
  invalid_expiry_month: 'invalid_card_data',
  invalid_expiry_year: 'invalid_card_data',
  incorrect_zip: 'invalid_card_data',
  call_issuer: 'call_issuer',
  fraudulent: 'fraud_suspected',
  merchant_blacklist: 'fraud_suspected',
  security_violation: 'fraud_suspected',
  card_velocity_exceeded: 'too_many_attempts',
  withdrawal_count_limit_exceeded: 'too_many_attempts',
  duplicate_transaction: 'duplicate_payment',
  authentication_required: 'authentication_required',
  authentication_not_handled: 'authentication_required',
  processing_error: 'processor_unavailable',
  rate_limit: 'processor_unavailable',
  resource_missing: 'subscription_not_found',
};

/** Stripe's and the SDKs' English sentences, for what was stored before the codes were kept. */
const TEXTS: Array<[RegExp, ProcessorFailureReason]> = [
  [/insufficient funds/i, 'insufficient_funds'],
  [/card has expired|expired card/i, 'expired_card'],
  [/(security code|card number|expiration (month|year)|cvc)[^.]*(incorrect|invalid)|(incorrect|invalid) (card )?(number|cvc|security code)/i, 'invalid_card_data'],
  [/authentication/i, 'authentication_required'],
  [/card (was|has been) declined|declined/i, 'card_declined'],
  [/no such (subscription|customer|preapproval)|not found/i, 'subscription_not_found'],
  [/ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|fetch failed|timed? ?out|connection to (stripe|mercado ?pago)|unexpected token|not valid json|internal server error|service unavailable|bad gateway|too many requests/i, 'processor_unavailable'],
];

/**
 * The reason of a processor's refusal or failure, from whatever it said: its code first, then the HTTP status
 * (5xx/429/408/409 unavailable, 404 not found, other 4xx refused), then its words. `unknown` when nothing fits.
 */
export function processorFailureReason(input: { code?: string | null; status?: number | null; text?: string | null }): ProcessorFailureReason {
  const code = input.code?.trim().toLowerCase();
  if (code && CODES[code]) return CODES[code];
  const text = input.text?.trim() ?? '';
  // Mercado Pago's status_detail arrives as the whole reason.
  if (/^[a-z0-9_]+$/.test(text) && CODES[text]) return CODES[text];
  const status = input.status ?? Number(/^(\d{3})\b/.exec(text)?.[1] ?? Number.NaN);
  if (Number.isFinite(status)) {
    if (status >= 500 || status === 429 || status === 408 || status === 409) return 'processor_unavailable';
    if (status === 404) return 'subscription_not_found';
    if (status === 402) {
      const found = TEXTS.find(([pattern]) => pattern.test(text));
      return found ? found[1] : 'card_declined';
    }
    if (status >= 400) {
      const found = TEXTS.find(([pattern]) => pattern.test(text));
      return found ? found[1] : 'processor_refused';
    }
  }
  const found = TEXTS.find(([pattern]) => pattern.test(text));
  return found ? found[1] : 'unknown';
}
