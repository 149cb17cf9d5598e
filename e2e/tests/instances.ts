// Server instances of a spec's own, beside the suite's shared server (playwright.config.ts): the SSO
// instance (oidc.spec), two instances sharing a database (portal-two-instances.spec), one serving a copy
// of the build that the test then "redeploys" (pwa.spec). Each runs the same prebuilt server bundle as
// the shared server, on a port of its own and a DATA_DIR of its own (or one the spec shares between two).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repo = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/**
 * The server as plain JavaScript, bundled from apps/server/src at the start of every run by the suite's
 * own server command (playwright.config.ts): an instance starts without compiling TypeScript (tsx cost
 * ~7 s of CPU per start).
 */
export const serverBundle = path.join(repo, 'apps', 'server', 'dist', 'e2e', 'main.js');

/** The built web app the suite's server serves (`npm run test:e2e` builds it first). */
export const servedBuild = path.resolve(process.env.WEB_DIST_DIR ?? path.join(repo, 'apps', 'web', 'dist'));

const basePort = Number(process.env.E2E_PORT ?? 3210);

/**
 * Every port the suite uses, from E2E_PORT: the shared server on E2E_PORT itself, the payment stand-in on
 * +50 (playwright.config.ts), the benchmarks on +70. With E2E_WORKERS=2 two spec files run at once, so no
 * two specs may share a port: a new spec with an instance of its own takes a new offset here.
 */
export const instancePorts = {
  portalInstanceA: basePort + 11,
  portalInstanceB: basePort + 12,
  oidc: basePort + 20,
  pwaUpdate: basePort + 30,
} as const;

export interface Instance {
  port: number;
  baseURL: string;
  dataDir: string;
  /** Stops the server (SIGTERM, as a deployment does; SIGKILL if it hangs) and removes its own DATA_DIR. */
  stop(): Promise<void>;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the server bundle on `port` and resolves once it answers /health/ready. Without `dataDir` it gets
 * a fresh temp one, removed by stop(); a `dataDir` given is the caller's to remove (two instances sharing
 * a database, or one restarted on the same data). Inherits the worker's environment, like the shared
 * server; `env` adds to it (WEB_DIST_DIR, REDIS_URL, OIDC_…).
 */
export async function startInstance(options: { port: number; name: string; dataDir?: string; env?: Record<string, string> }): Promise<Instance> {
  const { port, name } = options;
  const baseURL = `http://127.0.0.1:${port}`;
  // Something left listening there (a run that was killed) would answer /health/ready for this instance.
  if (await portAnswers(port)) throw new Error(`port ${port} (the ${name} instance's) is already in use`);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `almendra-e2e-${name}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    env: {
      ...process.env,
      // The machine's zone, like the shared server's (the config moves the tests' own TZ to Buenos Aires).
      TZ: process.env.E2E_SERVER_TZ ?? 'UTC',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Never outlives the test worker, even when it is torn down before the spec's own cleanup runs; nor
  // does the data directory made for it.
  const killOnExit = () => {
    child.kill('SIGKILL');
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.once('exit', killOnExit);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const hung = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited(child);
        clearTimeout(hung);
      }
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    })());

  const deadline = Date.now() + Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the ${name} instance exited while starting (${child.exitCode ?? child.signalCode})`);
    }
    const ready = await fetch(`${baseURL}/api/v1/health/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { port, baseURL, dataDir, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} instance on port ${port} did not answer /health/ready in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
