// Shared by the server benchmarks: starts a server script (the real one or a bare baseline) in its own
// process — so the load generator never competes with it on the event loop — and resolves when its
// GET /api/v1/health answers 200.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export function startServerProcess(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = () => {
      const request = http.get(`http://127.0.0.1:${env.PORT}/api/v1/health`, (res) => {
        res.resume();
        if (res.statusCode === 200) resolve(child);
        else setTimeout(poll, 200);
      });
      request.on('error', () => (Date.now() > deadline ? reject(new Error(`${script} did not start`)) : setTimeout(poll, 200)));
    };
    poll();
  });
}
