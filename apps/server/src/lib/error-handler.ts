// Turns every thrown error into { error: { code, message, details } } with the right status.
// Bad input never becomes a 500: fastify's own client errors (bad JSON, oversize body, wrong content
// type) are mapped to their 4xx codes with Spanish messages.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '@almendra/contracts';
import { AppError } from './errors.js';

const body = (code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  error: details === undefined ? { code, message } : { code, message, details },
});

function pathOf(instancePath: string, context: string | undefined): string {
  const fieldPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (context && context !== 'body') return fieldPath ? `${context}.${fieldPath}` : context;
  return fieldPath || '(body)';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED') {
        const retry = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
        if (retry) reply.header('Retry-After', String(retry));
      }
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: pathOf(issue.instancePath, error.validationContext),
        message: issue.message,
      }));
      return reply.status(400).send(body('VALIDATION_ERROR', 'Revisa los datos ingresados.', details));
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
      return reply.status(400).send(body('VALIDATION_ERROR', 'Revisa los datos ingresados.', details));
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('INVALID_JSON', 'El cuerpo de la solicitud no es un JSON válido.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'Lo que enviaste es demasiado grande.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'El tipo de contenido enviado no es compatible.'));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR';
      return reply.status(status).send(body(code, 'La solicitud no es válida.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR', 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', `No existe la ruta ${request.method} ${request.url.split('?')[0]}.`));
  });
}
