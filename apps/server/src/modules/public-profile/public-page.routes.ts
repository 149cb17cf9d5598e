// GET /p/{slug} (the public profile page, HTML from the server), POST /p/{slug}/solicitud (the booking
// form, a plain urlencoded post that redirects to the confirmation on success and re-renders the page
// with the errors otherwise) and GET /p/{slug}/enviada. Registered at the root, outside /api/v1, before
// the single-page app's catch-all. The form parser is scoped to this plugin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPublicAppointmentRequestSchema, isCalendarDate, toVoseo, type PublicProfileView } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import { addDays, notFoundPage, profilePage, sentPage, type BookingState } from './public-page.js';
import type { PublicProfileService } from './public-profile.service.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

const FORM_LIMIT = 16 * 1024;
/** Days searched for the first free slot when the visitor has not picked a date. */
const FIRST_FREE_DAY_SEARCH = 14;

type Form = Record<string, string | undefined>;

export async function publicPageRoutes(app: FastifyInstance, options: { profiles: PublicProfileService; links: LinkOrigins; emailsDelivered: boolean }): Promise<void> {
  const { profiles } = options;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.status(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);

  async function load(slug: string): Promise<PublicProfileView | null> {
    try {
      return await profiles.view(slug);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** Place, service, date and the free slots for what the visitor chose (bad choices fall back quietly). */
  async function bookingState(slug: string, profile: PublicProfileView, choice: Form): Promise<BookingState> {
    const today = await profiles.today(slug);
    const onlyOne = profile.locations.length === 1 ? profile.locations[0]!.id : null;
    const location = profile.locations.find((l) => l.id === choice.lugar) ?? profile.locations.find((l) => l.id === onlyOne) ?? null;
    // A place with services is always booked for one of them (the first until she picks another).
    const service = location?.services.find((s) => s.id === choice.servicio) ?? location?.services[0] ?? null;
    const chosenDate = choice.fecha && isCalendarDate(choice.fecha) && choice.fecha >= today ? choice.fecha : null;
    let date = chosenDate ?? today;
    let slots = null;
    if (location) {
      const free = (day: string) => profiles.slots(slug, { locationId: location.id, date: day, ...(service ? { serviceId: service.id } : {}) }).catch(() => []);
      slots = await free(date);
      // No date picked yet: open on the first of the next two weeks that still has a free slot.
      for (let i = 1; !chosenDate && slots.length === 0 && i < FIRST_FREE_DAY_SEARCH; i += 1) {
        const next = await free(addDays(today, i));
        if (next.length > 0) {
          date = addDays(today, i);
          slots = next;
        }
      }
    }
    return { locationId: location?.id ?? null, serviceId: service?.id ?? null, date, today, slots, error: null, fieldErrors: {}, values: {} };
  }

  app.get('/p/:slug', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { slug: string }; Querystring: Form }>, reply) => {
    const { slug } = request.params;
    const origin = options.links.current();
    const canonical = `${origin}/p/${encodeURIComponent(slug)}`;
    const profile = await load(slug);
    if (!profile) return html(reply, 404, notFoundPage(canonical));
    const state = await bookingState(slug, profile, request.query ?? {});
    return html(reply, 200, profilePage(profile, state, { canonical: `${origin}/p/${encodeURIComponent(profile.slug)}`, origin }));
  });

  app.get('/p/:slug/enviada', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { slug: string }; Querystring: Form }>, reply) => {
    const { slug } = request.params;
    const origin = options.links.current();
    const canonical = `${origin}/p/${encodeURIComponent(slug)}`;
    const profile = await load(slug);
    if (!profile) return html(reply, 404, notFoundPage(canonical));
    const requestId = request.query?.solicitud;
    const sent = requestId && requestId.length <= 64 ? await profiles.sentRequest(slug, requestId) : null;
    return html(reply, 200, sentPage(profile, request.query?.tipo === 'turno' ? 'turno' : 'llamada', canonical, sent, options.emailsDelivered));
  });

  app.post('/p/:slug/solicitud', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { slug: string }; Body: Form | undefined }>, reply) => {
    const { slug } = request.params;
    const origin = options.links.current();
    const canonical = `${origin}/p/${encodeURIComponent(slug)}`;
    const profile = await load(slug);
    if (!profile) return html(reply, 404, notFoundPage(canonical));
    const form: Form = request.body && typeof request.body === 'object' ? request.body : {};
    const values = { name: form.nombre ?? '', phone: form.telefono ?? '', email: form.correo ?? '', message: form.mensaje ?? '', start: form.inicio ?? '' };
    // Messages are written in tú; an Argentine practice's page shows them in voseo like the rest of it.
    const say = (text: string) => (profile.voice === 'es-AR' ? toVoseo(text) : text);
    const rerender = async (status: number, error: string | null, fieldErrors: Record<string, string> = {}) => {
      const state = await bookingState(slug, profile, form);
      const voicedErrors = Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [field, say(message)]));
      return html(reply, status, profilePage(profile, { ...state, error: error && say(error), fieldErrors: voicedErrors, values }, { canonical, origin }));
    };

    const parsed = createPublicAppointmentRequestSchema.safeParse({
      name: values.name,
      phone: values.phone,
      email: values.email,
      message: values.message,
      website: form.website ?? '',
      ...(form.lugar ? { locationId: form.lugar } : {}),
      ...(form.lugar && form.servicio ? { serviceId: form.servicio } : {}),
      ...(values.start ? { start: values.start } : {}),
    });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        fieldErrors[key] ??= issue.message;
      }
      return rerender(400, 'Revisa los datos marcados.', fieldErrors);
    }
    let created;
    try {
      created = await profiles.request(slug, parsed.data, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const fieldErrors: Record<string, string> = error.code === 'CONFLICT' ? { start: error.message } : {};
        for (const issue of Array.isArray(error.details) ? (error.details as Array<{ path?: unknown; message?: unknown }>) : []) {
          if (typeof issue.path === 'string' && typeof issue.message === 'string') fieldErrors[issue.path] ??= issue.message;
        }
        return rerender(error.status, error.message, fieldErrors);
      }
      throw error;
    }
    const kind = parsed.data.start ? 'turno' : 'llamada';
    return reply.redirect(`/p/${encodeURIComponent(profile.slug)}/enviada?tipo=${kind}&solicitud=${encodeURIComponent(created.id)}`, 303);
  });
}
