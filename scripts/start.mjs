#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when their sources changed since the last
// build, then runs the server as plain JavaScript (it migrates the database and serves both the API and
// the SPA on one port).
import { createHash } from 'node:crypto';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
const stampFile = path.join(distDir, '.source-hash');

/** Hash of everything a build reads, so a pulled change rebuilds and an unchanged tree starts at once. */
function sourceHash(inputs) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) {
        if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
        walk(path.join(p, entry));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(fs.readFileSync(p));
    }
  };
  inputs.forEach(walk);
  return hash.digest('hex');
}

const wanted = sourceHash([path.join(webDir, 'src'), path.join(webDir, 'public'), path.join(root, 'packages'), path.join(webDir, 'index.html'), path.join(webDir, 'vite.config.ts'), path.join(root, 'package-lock.json')]);
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (built !== wanted || !fs.existsSync(path.join(distDir, 'index.html'))) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@almendra/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, wanted);
}

const serverStampFile = `${serverBundle}.source-hash`;
const serverWanted = sourceHash([path.join(root, 'apps/server/src'), path.join(root, 'packages'), path.join(root, 'scripts/build-server.mjs'), path.join(root, 'package-lock.json')]);
const serverBuilt = fs.existsSync(serverStampFile) ? fs.readFileSync(serverStampFile, 'utf8').trim() : '';
if (serverBuilt !== serverWanted || !fs.existsSync(serverBundle)) {
  console.log('Building the server…');
  await buildServer();
  fs.writeFileSync(serverStampFile, serverWanted);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
