import { describe, expect, it } from 'vitest';
import { processorFailureReason } from './processor-failure.js';

describe('processorFailureReason', () => {
  it('reads Mercado Pago status_detail codes, whole or as the code', () => {
    expect(processorFailureReason({ text: 'cc_rejected_insufficient_amount' })).toBe('insufficient_funds');
    expect(processorFailureReason({ code: 'cc_rejected_call_for_authorize' })).toBe('call_issuer');
    expect(processorFailureReason({ text: 'cc_rejected_bad_filled_security_code' })).toBe('invalid_card_data');
    expect(processorFailureReason({ text: 'cc_rejected_high_risk' })).toBe('fraud_suspected');
    expect(processorFailureReason({ text: 'cc_rejected_other_reason' })).toBe('card_declined');
    expect(processorFailureReason({ text: 'cancelled' })).toBe('payment_cancelled');
  });

  it('reads Stripe codes and decline codes before its sentence', () => {
    expect(processorFailureReason({ code: 'insufficient_funds', text: 'Your card has insufficient funds.' })).toBe('insufficient_funds');
    expect(processorFailureReason({ code: 'expired_card', status: 402 })).toBe('expired_card');
    expect(processorFailureReason({ code: 'resource_missing', status: 404, text: "No such subscription: 'sub_1'" })).toBe('subscription_not_found');
  });

  it('falls back to the HTTP status, then to the English words, then unknown', () => {
    expect(processorFailureReason({ status: 503, text: 'Service Unavailable' })).toBe('processor_unavailable');
    expect(processorFailureReason({ text: '500 Internal Server Error' })).toBe('processor_unavailable');
    expect(processorFailureReason({ status: 400, text: 'Invalid request' })).toBe('processor_refused');
    expect(processorFailureReason({ text: 'Your card has insufficient funds.' })).toBe('insufficient_funds');
    expect(processorFailureReason({ text: 'Your card was declined.' })).toBe('card_declined');
    expect(processorFailureReason({ text: "Your card's security code is incorrect." })).toBe('invalid_card_data');
    expect(processorFailureReason({ text: 'connect ECONNREFUSED 127.0.0.1:12111' })).toBe('processor_unavailable');
    expect(processorFailureReason({ text: 'Algo raro' })).toBe('unknown');
    expect(processorFailureReason({})).toBe('unknown');
  });
});
