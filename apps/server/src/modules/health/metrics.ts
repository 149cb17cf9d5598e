// Prometheus metrics at GET /metrics (outside /api/v1, where scrapers look), for operators: request
// latency per route (histogram), process and event-loop figures, open WebSockets, event-bus kind and
// PostgreSQL pool usage. Off unless METRICS_TOKEN is set; the scraper sends it as a bearer token
// (401 otherwise). Labels carry route templates ("/api/v1/patients/:id"), never ids or patient data.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../lib/errors.js';

export interface MetricsOptions {
  token: string;
  busKind: 'memory' | 'redis';
  /** PostgreSQL pool counters, when the database is PostgreSQL. */
  pool?: () => { total: number; idle: number; waiting: number };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'almendra_http_request_duration_seconds',
    help: 'Time from request to response, per route template, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'almendra_websocket_connections',
    help: 'Open WebSocket connections (one per browser tab).',
    registers: [registry],
    collect() {
      const server = (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer;
      this.set(server?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: 'almendra_event_bus_info',
    help: 'The realtime event bus in use (1 for the active kind).',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: options.busKind }, 1);
    },
  });
  if (options.pool) {
    const pool = options.pool;
    new Gauge({
      name: 'almendra_db_pool_connections',
      help: 'PostgreSQL pool connections by state.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const figures = pool();
        this.set({ state: 'total' }, figures.total);
        this.set({ state: 'idle' }, figures.idle);
        this.set({ state: 'waiting' }, figures.waiting);
      },
    });
  }

  // Every answer of the app (this plugin is registered at the root) is timed under its route template.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, options.token)) throw new AppError('UNAUTHENTICATED', 'Falta el token de métricas o no es válido.');
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
