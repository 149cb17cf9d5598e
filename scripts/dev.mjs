#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', '@almendra/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
