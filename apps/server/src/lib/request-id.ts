// Request ids: every log line of a request carries it (Fastify's reqId), every answer sends it back as
// X-Request-Id and every error body includes it, so a screenshot of an error leads to its log lines.
// A proxy's (nginx $request_id) X-Request-Id is kept when it is a plain token; anything else is replaced.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
