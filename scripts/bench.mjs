#!/usr/bin/env node
// `npm run bench`: runs every benchmark, prints its figures and rewrites docs/benchmarks.md with them.
// Benchmarks print a `BENCH_RESULT {json}` line; budgets live in DESIGN.md and are read here, never asserted
// in unit tests. Each figure is reported next to a baseline from the same run where one exists.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);

/** Each benchmark: the command, and how its result becomes a markdown section. */
const BENCHES = [
  {
    name: 'patient-search',
    command: ['npx', 'tsx', 'apps/server/bench/patient-search.ts'],
    render: (r) => {
      const rows = Object.entries(r.results).map(
        ([label, v]) => `| ${label} | ${v.p50.toFixed(2)} | ${v.p95.toFixed(2)} | ${v.p99.toFixed(2)} | ${v.rps.toFixed(0)} |`,
      );
      const api = r.results['endpoint GET /api/v1/patients'];
      const base = r.results['baseline: bare Fastify + same SQL'];
      return [
        `## Patient search (${r.patients.toLocaleString('en')} patients, ${r.nutritionists} nutritionists, ${r.concurrency} concurrent clients, ${r.requests} requests)`,
        '',
        'Budget (DESIGN.md): p99 < 25 ms at 50 concurrent clients, SQLite.',
        '',
        '| Target | p50 ms | p95 ms | p99 ms | req/s |',
        '|---|---|---|---|---|',
        ...rows,
        '',
        `Ratio endpoint / baseline: p50 ×${(api.p50 / base.p50).toFixed(2)}, p99 ×${(api.p99 / base.p99).toFixed(2)}, throughput ×${(api.rps / base.rps).toFixed(2)}.`,
        `Verdict: ${api.p99 < 25 ? 'within budget' : 'OVER budget'} (p99 ${api.p99.toFixed(1)} ms).`,
        'Latency here is closed-loop: 50 clients each wait for their answer, so it includes queueing in the server.',
      ].join('\n');
    },
  },
  {
    name: 'food-search',
    command: ['npx', 'tsx', 'apps/server/bench/food-search.ts'],
    render: (r) =>
      [
        `## Food search (${r.foods.toLocaleString('en')} foods, ${r.requests} sequential requests, ${r.database})`,
        '',
        'Budget (DESIGN.md): server-side p95 < 10 ms.',
        '',
        '| Target | p50 ms | p95 ms |',
        '|---|---|---|',
        `| endpoint GET /api/v1/foods (inject: auth, validation, serialisation) | ${r.endpoint.p50.toFixed(2)} | ${r.endpoint.p95.toFixed(2)} |`,
        `| baseline: foods service alone (same index and own-food query) | ${r.serviceOnly.p50.toFixed(2)} | ${r.serviceOnly.p95.toFixed(2)} |`,
        '',
        `Reference-data loader: ${r.loaderFirstMs} ms on a fresh database, ${r.loaderUnchangedMs} ms when the file is unchanged.`,
        `Verdict: ${r.endpoint.p95 < 10 ? 'within budget' : 'OVER budget'} (p95 ${r.endpoint.p95.toFixed(2)} ms).`,
      ].join('\n'),
  },
];

const sections = [];
for (const bench of BENCHES) {
  if (only.length && !only.includes(bench.name)) continue;
  console.log(`\n== ${bench.name}: ${bench.command.join(' ')}`);
  const run = spawnSync(bench.command[0], bench.command.slice(1), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout ?? '');
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (run.status !== 0 || !line) {
    sections.push(`## ${bench.name}\n\nFailed to run (exit ${run.status}).`);
    continue;
  }
  sections.push(bench.render(JSON.parse(line.slice('BENCH_RESULT '.length))));
}

const header = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()} — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
  'Figures vary with what else the machine is doing; compare the ratios to the baseline of the same run.',
  '',
].join('\n');
fs.writeFileSync(path.join(root, 'docs', 'benchmarks.md'), `${header}\n${sections.join('\n\n')}\n`);
console.log('\nWrote docs/benchmarks.md');
