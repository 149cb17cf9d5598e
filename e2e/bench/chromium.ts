// Shared by the browser benchmarks (`npm run bench`): Debian's Chromium launched like the browser tests,
// percentiles, and a cross-origin-isolated page to run bundled web-app code in. Isolation matters: without
// it Chromium coarsens performance.now() to 0.1 ms, too coarse for per-keystroke figures of ~1 ms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';

/** The launch flags of e2e/playwright.config.ts (not imported: loading the config has side effects). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarize(samples: readonly number[]): { p50: number; p95: number; p99: number; max: number; mean: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0, mean, n: sorted.length };
}

/** Bundles a benchmark page module (web-app and domain code) into one script exposing `globalName`. */
export async function bundlePage(entry: string, globalName: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, format: 'iife', globalName, platform: 'browser', target: 'es2022', write: false, logLevel: 'error' });
  return result.outputFiles[0]!.text;
}

/**
 * Opens a blank, cross-origin-isolated page (COOP/COEP headers from a throwaway local server) with the
 * bundled script loaded; the caller drives it with page.evaluate.
 */
export async function isolatedPage(browser: Browser, script: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const html = `<!doctype html><meta charset="utf-8"><title>bench</title><script>${script.replace(/<\/script/gi, '<\\/script')}</script>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  if (!(await page.evaluate(() => crossOriginIsolated))) console.warn('warning: page is not cross-origin isolated; timer resolution is 0.1 ms');
  return {
    page,
    close: async () => {
      await page.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
