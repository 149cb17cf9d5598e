// Reads the one file a multipart/form-data upload must carry, for every upload route (patient import,
// patient photo, logo, dish photo, label photo). The whole body is read to its end before anything is
// accepted, so the answer never depends on how the client sent it (Content-Length, chunked, a stream):
// - a file over the limit answers 413, even when the parser stopped at the limit (busboy marks the
//   stream `truncated` rather than failing, and a truncated file must never be processed);
// - a second file, or the file under another field name, answers 400;
// - any other multipart failure answers 400, never 500.
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError } from './errors.js';

export interface UploadRule {
  /** Form field that must carry the file. */
  field: string;
  maxBytes: number;
  tooLargeMessage: string;
  /** Spanish noun for messages: "el archivo", "la foto". */
  noun?: string;
}

export async function readSingleUpload(request: FastifyRequest, rule: UploadRule): Promise<Buffer> {
  const noun = rule.noun ?? 'el archivo';
  const invalid = (message: string) => new AppError('VALIDATION_ERROR', message, [{ path: rule.field, message }]);
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
  if (typeof request.isMultipart !== 'function') throw new Error('@fastify/multipart is not registered');
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Envía ${noun} como multipart/form-data en el campo "${rule.field}".`);
  }
  let file: Buffer | undefined;
  let refusal: AppError | undefined;
  try {
    // files: 2 lets a second file arrive so it can be refused by name instead of silently ignored.
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 2, fields: 10, parts: 20 } })) {
      if (part.type !== 'file') continue;
      if (refusal || file !== undefined || part.fieldname !== rule.field) {
        part.file.resume(); // drain it: the body is read to its end either way
        refusal ??= file !== undefined ? invalid(`Envía un solo archivo en el campo "${rule.field}".`) : invalid(`Adjunta ${noun} en el campo "${rule.field}".`);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > rule.maxBytes) throw tooLarge();
      file = bytes;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw invalid(`Envía un solo archivo en el campo "${rule.field}".`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid('El formulario enviado tiene demasiadas partes.');
    throw invalid('No pudimos leer el archivo enviado.');
  }
  if (refusal) throw refusal;
  if (file === undefined) throw invalid(`Adjunta ${noun} en el campo "${rule.field}".`);
  return file;
}
