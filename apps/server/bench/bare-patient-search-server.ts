// Baseline for the patient-search benchmark: a bare Fastify handler running the repository's list query
// on the same SQLite file — no auth, no schema validation, no mapping. Our endpoint is compared to it.
import Fastify from 'fastify';
import { openDatabase } from '../src/db/database.js';
import { patientsRepository } from '../src/modules/patients/patients.repository.js';
import { containsPattern, searchTerms } from '../src/modules/patients/patient-text.js';

const database = openDatabase({ sqliteFile: process.env.BENCH_DB! });
const app = Fastify();
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get<{ Querystring: { n: string; q?: string } }>('/search', async (request) => {
  const { rows, total } = await patientsRepository.list(database.db, { nutritionistId: request.query.n }, {
    status: 'active',
    trashCutoff: new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString(),
    patterns: searchTerms(request.query.q).map(containsPattern),
    sort: 'name',
    limit: 20,
    offset: 0,
  });
  return { items: rows, total };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
