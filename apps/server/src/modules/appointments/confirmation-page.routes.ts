// GET /turno/{token}: the patient's page to confirm or cancel her appointment, HTML from the server (no
// single-page app, no script), and POST /turno/{token}: its plain form, which redirects back to the page
// with the answer shown (303), or re-renders it with the error. Registered at the root like /p/{slug}.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { confirmationAnswerRequestSchema } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import type { ConfirmationService } from './appointment-confirmation.service.js';
import { confirmationGonePage, confirmationPage } from './confirmation-page.js';

const FORM_LIMIT = 8 * 1024;
type Form = Record<string, string | undefined>;

export async function confirmationPageRoutes(app: FastifyInstance, options: { confirmations: ConfirmationService }): Promise<void> {
  const { confirmations } = options;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Private: the page names the patient and her appointment; never cached by a proxy, never indexed, and
  // the token never leaks to the map's site through the Referer.
  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Referrer-Policy', 'no-referrer')
      .send(page);

  async function render(reply: FastifyReply, token: string, extra: { status?: number; error?: string | null; answered?: boolean } = {}) {
    try {
      const data = await confirmations.page(token);
      return html(reply, extra.status ?? 200, confirmationPage(data, { error: extra.error ?? null, answered: extra.answered ?? false }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return html(reply, 404, confirmationGonePage(error.message));
      throw error;
    }
  }

  app.get('/turno/:token', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { token: string }; Querystring: Form }>, reply) =>
    render(reply, request.params.token, { answered: request.query?.respondido === '1' }),
  );

  app.post('/turno/:token', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { token: string }; Body: Form | undefined }>, reply) => {
    const { token } = request.params;
    const form: Form = request.body && typeof request.body === 'object' ? request.body : {};
    const parsed = confirmationAnswerRequestSchema.safeParse({
      answer: form.respuesta,
      reason: form.motivo ?? '',
      wantsAnotherTime: form.otro_horario === 'si',
    });
    if (!parsed.success) return render(reply, token, { status: 400, error: parsed.error.issues[0]?.message ?? 'Revisa los datos.' });
    try {
      await confirmations.answer(token, parsed.data, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return html(reply, 404, confirmationGonePage(error.message));
      if (error instanceof AppError && error.status < 500) return render(reply, token, { status: error.status, error: error.message });
      throw error;
    }
    return reply.redirect(`/turno/${encodeURIComponent(token)}?respondido=1`, 303);
  });
}
