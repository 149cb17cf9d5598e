// Turns every thrown error into { error: { code, message, details } } with the right status.
// Bad input never becomes a 500: fastify's own client errors (bad JSON, oversize body, wrong content
// type) are mapped to their 4xx codes with Spanish messages.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '@almendra/contracts';
import { AppError } from './errors.js';
import type { ErrorReporter } from './error-reporting.js';

/**
 * The uniform error body. `requestId` (also the X-Request-Id header and the reqId of the log lines) is
 * there whenever the answer belongs to a request Fastify saw, so a screenshot of an error leads to its logs.
 */
export const errorBody = (requestId: string | undefined, code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  error: { ...(requestId === undefined ? {} : { requestId }), code, message, ...(details === undefined ? {} : { details }) },
});

function pathOf(instancePath: string, context: string | undefined): string {
  const fieldPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (context && context !== 'body') return fieldPath ? `${context}.${fieldPath}` : context;
  return fieldPath || '(body)';
}

export function installErrorHandler(app: FastifyInstance, reporter?: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED') {
        const retry = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
        if (retry) reply.header('Retry-After', String(retry));
      }
      return reply.status(error.status).send(errorBody(request.id, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: pathOf(issue.instancePath, error.validationContext),
        message: issue.message,
      }));
      return reply.status(400).send(errorBody(request.id, 'VALIDATION_ERROR', 'Revisa los datos ingresados.', details));
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
      return reply.status(400).send(errorBody(request.id, 'VALIDATION_ERROR', 'Revisa los datos ingresados.', details));
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(errorBody(request.id, 'INVALID_JSON', 'El cuerpo de la solicitud no es un JSON válido.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(errorBody(request.id, 'PAYLOAD_TOO_LARGE', 'Lo que enviaste es demasiado grande.'));
      case 'FST_ERR_BAD_URL':
        return reply.status(400).send(errorBody(request.id, 'BAD_REQUEST', 'La dirección pedida no es válida (codificación incorrecta).'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(415).send(errorBody(request.id, 'UNSUPPORTED_MEDIA_TYPE', 'El tipo de contenido enviado no es compatible.'));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR';
      return reply.status(status).send(errorBody(request.id, code, 'La solicitud no es válida.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    reporter?.capture(error, { requestId: request.id, route: request.routeOptions.url, method: request.method, userId: request.auth?.userId ?? null });
    return reply.status(500).send(errorBody(request.id, 'INTERNAL_ERROR', 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(request.id, 'NOT_FOUND', `No existe la ruta ${request.method} ${request.url.split('?')[0]}.`));
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a URL whose percent
 * encoding is broken, a failed constraint) answers in the same error body as everything else.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody(request.id, 'BAD_REQUEST', 'La dirección pedida no es válida (codificación incorrecta).'));
    return;
  }
  void reply.status(400).send(errorBody(request.id, 'BAD_REQUEST', 'La solicitud no es válida.'));
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE', message: 'La dirección o los encabezados de la solicitud son demasiado largos.' },
  HPE_URI_TOO_LONG: { status: 414, code: 'HEADERS_TOO_LARGE', message: 'La dirección pedida es demasiado larga.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'BAD_REQUEST', message: 'La solicitud tardó demasiado en llegar.' },
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses some requests (an over-long URL or header
 * block, malformed HTTP) before Fastify sees them; they still get a JSON error body, written raw.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, code: 'BAD_REQUEST' as const, message: 'La solicitud no es válida.' };
  const payload = JSON.stringify(errorBody(undefined, known.code, known.message));
  socket.end(
    `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}
