// Reads the single file of a multipart/form-data request with a size limit, turning every multipart
// failure into a 4xx with a Spanish message (never a 500). The caller checks what the bytes are.
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError } from '../../lib/errors.js';

export interface UploadRule {
  /** Form field that must carry the file. */
  field: string;
  maxBytes: number;
  tooLargeMessage: string;
}

export async function readSingleUpload(request: FastifyRequest, rule: UploadRule): Promise<Buffer> {
  const missing = () => {
    const message = `Adjunta el archivo en el campo "${rule.field}".`;
    return new AppError('VALIDATION_ERROR', message, [{ path: rule.field, message }]);
  };
  if (typeof request.isMultipart !== 'function') throw new Error('@fastify/multipart is not registered');
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Envía el archivo como multipart/form-data en el campo "${rule.field}".`);
  }
  try {
    const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 10, parts: 20 } });
    if (!part) throw missing();
    if (part.fieldname !== rule.field) {
      part.file.resume();
      throw missing();
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION_ERROR', 'Envía un solo archivo.', [{ path: rule.field, message: 'Envía un solo archivo.' }]);
    }
    throw new AppError('VALIDATION_ERROR', 'No pudimos leer el archivo enviado.', [{ path: rule.field, message: 'No pudimos leer el archivo enviado.' }]);
  }
}
