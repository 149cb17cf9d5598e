// A local stand-in of Stripe's and Mercado Pago's HTTP APIs for the browser suite: the e2e server's
// official SDKs talk to it (STRIPE_API_BASE, MERCADOPAGO_API_BASE in playwright.config.ts) because this
// machine has no internet and tests must not reach the real processors. Answers what the app asks
// (Stripe checkout sessions, subscriptions and billing portal; Mercado Pago's token check, Checkout Pro
// preferences and their expiry) and takes orders from the specs at /__stand-in/…:
//   POST /__stand-in/fail  {"status": 500, "count": 1000}  the next `count` Stripe subscription updates fail
//        … "then": {"status": 400, "count": 1000}          and after those, the next `then.count` fail so
//   POST /__stand-in/reset                                  no more failures
//   GET  /__stand-in/requests                               what reached it, oldest first
// A Mercado Pago token containing "invalido" is refused (401), like a mistyped or revoked one.
import http from 'node:http';

const port = Number(process.env.STAND_IN_PORT ?? 3299);
const received = [];
let failures = { status: 500, count: 0 };
let thenFailures = null;
let sessions = 0;
let preferences = 0;
const subscriptions = new Map();

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function stripe(req, body, res) {
  const path = req.url.split('?')[0];
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    sessions += 1;
    return json(res, 200, { id: `cs_e2e_${sessions}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/cs_e2e_${sessions}`, customer: null });
  }
  const subscription = path.match(/^\/v1\/subscriptions\/([\w-]+)$/)?.[1];
  if (subscription) {
    if (req.method === 'POST' && failures.count === 0 && thenFailures) {
      failures = thenFailures;
      thenFailures = null;
    }
    if (req.method === 'POST' && failures.count > 0) {
      failures.count -= 1;
      const status = failures.status;
      return json(res, status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: status >= 500 ? 'Stand-in: Stripe is having trouble (HTTP 500)' : 'Stand-in: request refused' } });
    }
    const state = subscriptions.get(subscription) ?? { cancel_at_period_end: false };
    if (req.method === 'POST') {
      const sent = new URLSearchParams(body);
      if (sent.has('cancel_at_period_end')) state.cancel_at_period_end = sent.get('cancel_at_period_end') === 'true';
    }
    subscriptions.set(subscription, state);
    return json(res, 200, { id: subscription, object: 'subscription', cancel_at_period_end: state.cancel_at_period_end, items: { object: 'list', data: [{ id: `si_${subscription}`, object: 'subscription_item', price: { id: 'price_e2e', object: 'price', product: 'prod_e2e' } }] } });
  }
  if (req.method === 'POST' && path === '/v1/billing_portal/sessions') return json(res, 200, { id: 'bps_e2e', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/e2e' });
  return json(res, 404, { error: { type: 'invalid_request_error', message: `No stand-in for ${req.method} ${path}` } });
}

function mercadoPago(req, body, res) {
  const path = req.url.split('?')[0];
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (!token || token.includes('invalido')) return json(res, 401, { status: 401, error: 'unauthorized', message: 'invalid access token', cause: [] });
  if (req.method === 'GET' && path === '/users/me') return json(res, 200, { id: 4242, nickname: 'CONSULTORIO_E2E' });
  if (req.method === 'POST' && path === '/checkout/preferences/') {
    preferences += 1;
    return json(res, 201, { id: `pref-e2e-${preferences}`, init_point: `https://mp.test/checkout/v1/redirect?pref_id=pref-e2e-${preferences}` });
  }
  const preference = path.match(/^\/checkout\/preferences\/([\w-]+)$/)?.[1];
  if (preference && req.method === 'PUT') return json(res, 200, { id: preference, ...JSON.parse(body || '{}') });
  return json(res, 404, { status: 404, error: 'not_found', message: `No stand-in for ${req.method} ${path}`, cause: [] });
}

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    const path = req.url.split('?')[0];
    if (path === '/__stand-in/health') return json(res, 200, { ok: true });
    if (path === '/__stand-in/requests') return json(res, 200, received);
    if (path === '/__stand-in/reset') {
      failures = { status: 500, count: 0 };
      thenFailures = null;
      return json(res, 200, { ok: true });
    }
    if (path === '/__stand-in/fail') {
      const order = JSON.parse(body || '{}');
      failures = { status: Number(order.status ?? 500), count: Number(order.count ?? 1) };
      thenFailures = order.then ? { status: Number(order.then.status ?? 400), count: Number(order.then.count ?? 1) } : null;
      return json(res, 200, { ok: true });
    }
    received.push({ method: req.method, path: req.url, body });
    if (path.startsWith('/v1/')) return stripe(req, body, res);
    return mercadoPago(req, body, res);
  });
});
server.listen(port, '127.0.0.1');
