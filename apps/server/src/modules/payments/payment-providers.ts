// The processors configured by environment: a provider exists only when its keys are set.
import type { Config } from '../../config.js';
import type { PaymentProvider } from '../billing/payment-provider.js';
import { createMercadoPagoProvider } from './mercadopago-provider.js';
import { createStripeProvider } from './stripe-provider.js';

export { createMercadoPagoProvider } from './mercadopago-provider.js';
export { createStripeProvider } from './stripe-provider.js';

export function createProcessorProviders(config: Config['payments']): Partial<Record<'mercadopago' | 'stripe', PaymentProvider>> {
  return {
    ...(config.mercadopago ? { mercadopago: createMercadoPagoProvider(config.mercadopago) } : {}),
    ...(config.stripe ? { stripe: createStripeProvider(config.stripe) } : {}),
  };
}
