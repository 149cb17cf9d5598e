// A processor's HTTP API on a local port for the official SDKs to talk to (STRIPE_API_BASE /
// MERCADOPAGO_API_BASE): records every request and answers through `answer`, except the statuses queued
// with next(), which answer whatever is asked (a 500 then a 200, a 400…).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  body: string;
  authorization: string | undefined;
}

export async function standIn(answer: (request: Received) => { status: number; body: unknown }, errorBody: (status: number) => unknown) {
  const received: Received[] = [];
  const queued: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request: Received = { method: req.method ?? 'GET', path: req.url ?? '/', body, authorization: req.headers.authorization };
      received.push(request);
      const status = queued.shift();
      const reply = status === undefined ? answer(request) : { status, body: errorBody(status) };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The next requests answer these statuses, in order, whatever they ask. */
    next: (...statuses: number[]) => queued.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mercado Pago's error body ({status, error, message, cause}), which its SDK throws as is. */
export const mercadoPagoError = (status: number) => ({ status, error: status >= 500 ? 'internal_error' : 'bad_request', message: status >= 500 ? 'Stand-in: internal error' : 'Stand-in: invalid request', cause: [] });
