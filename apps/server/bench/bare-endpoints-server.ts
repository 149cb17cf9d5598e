// Baselines for the request-overhead benchmark: bare Fastify handlers (no auth, no schema validation or
// compiled serialisation, no hooks, no compression, no plugins) calling the same repository or service
// function as each real endpoint, on the same SQLite file. The tenant comes from a query parameter.
// The real endpoint is compared to these in the same run: the difference is our per-request overhead.
import Fastify from 'fastify';
import { openDatabase } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { Mailer } from '../src/lib/mailer.js';
import { PhotoStore } from '../src/modules/patients/photo-storage.js';
import { PhotoUrlSigner } from '../src/modules/patients/photo-url.js';
import { createAppointmentsService } from '../src/modules/appointments/appointments.service.js';
import { createConsultationsService } from '../src/modules/consultations/consultations.service.js';
import { createFoodsService } from '../src/modules/foods/foods.service.js';
import { patientsRepository } from '../src/modules/patients/patients.repository.js';
import { containsPattern, searchTerms } from '../src/modules/patients/patient-text.js';
import { createPatientsService } from '../src/modules/patients/patients.service.js';

const database = openDatabase({ sqliteFile: process.env.BENCH_DB! });
const db = database.db;
const clock = systemClock;
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: 'silent' };
const patients = createPatientsService({ db, clock, photos: new PhotoStore(process.env.DATA_DIR!), photoUrls: new PhotoUrlSigner(process.env.BENCH_SECRET!) });
const foods = createFoodsService({ db, clock });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const mailer = new Mailer(db, clock, silent as any, undefined, 'bench@almendra.test');
const appointments = createAppointmentsService({ db, clock, mailer });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const consultations = createConsultationsService({ db, clock, log: silent as any });

const app = Fastify();
app.get('/api/v1/health', async () => ({ status: 'ok' }));
type Q = { Querystring: Record<string, string> };
app.get<Q>('/patients', async (request) => {
  const { rows, total } = await patientsRepository.list(db, { nutritionistId: request.query.n! }, {
    status: 'active',
    trashCutoff: new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString(),
    patterns: searchTerms(request.query.q).map(containsPattern),
    sort: 'name',
    limit: 20,
    offset: 0,
  });
  return { items: rows, total };
});
app.get<Q>('/record', async (request) => patients.get({ nutritionistId: request.query.n! }, request.query.id!));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
app.get<Q>('/foods', async (request) => foods.search({ nutritionistId: request.query.n! }, { q: request.query.q, limit: 20 } as any));
app.get<Q>('/week', async (request) =>
  appointments.list({ nutritionistId: request.query.n! }, { from: request.query.from!, to: request.query.to!, includeCancelled: false }),
);
app.post<Q & { Body: string }>('/consultation', async (request, reply) => {
  const body = JSON.parse(request.body as unknown as string);
  const created = await consultations.create({ nutritionistId: request.query.n!, userId: null }, request.query.id!, body);
  return reply.status(201).send(created);
});
// The body stays a string here (parsed in the handler) so the baseline does no more than JSON.parse.
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
