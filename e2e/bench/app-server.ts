// Shared by the browser benchmarks that need the real app: the built web app (WEB_DIST_DIR, or a fresh
// build into a temp dir), the real server on a fresh SQLite database in a temp dir, and cleanup.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  base: string;
  /** Stops the server and removes the temp dirs. */
  stop(): Promise<void>;
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 60 s');
}

/** Starts the real server (SQLite, never DATABASE_URL) serving the built web app; resolves once healthy. */
export async function startBenchServer(options: { port: number; name: string; env?: Record<string, string> }): Promise<BenchServer> {
  const base = `http://127.0.0.1:${options.port}`;
  let webDist = process.env.WEB_DIST_DIR;
  const tempDirs: string[] = [];
  const removeTempDirs = () => {
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  if (!webDist) {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-bench-web-'));
    tempDirs.push(webDist);
    console.log(`building the web app into ${webDist}…`);
    const built = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'], { cwd: path.join(root, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) {
      removeTempDirs();
      throw new Error('vite build failed');
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `almendra-bench-${options.name}-`));
  tempDirs.push(dataDir);
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: path.join(root, 'e2e'),
    env: { ...inherited, NODE_ENV: 'test', PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', WEB_DIST_DIR: webDist, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A benchmark that exits without stop() (process.exit on an error, a throw at the top level) leaves
  // neither the server nor the temp dirs behind.
  const onExit = () => {
    server.kill('SIGKILL');
    removeTempDirs();
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    // A server killed by a signal has exitCode null too, and has already sent its 'exit'.
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    removeTempDirs();
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
