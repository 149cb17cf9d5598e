// The patient portal's page never loads react-router (issue 27: ~25 KB of its first visit's JavaScript).
// The portal's code reads and changes the address through lib/navigation.tsx; only the professional's app
// (main.tsx, its router) imports react-router. Checked on the sources: every module the portal's entry
// may load, through static and dynamic imports (its lazy tabs, call screen, toasts, menus), is read for a
// react-router import. build/first-load-chunks.ts assigns chunks by the same reachability, so a module
// found here would pull react-router into the portal's chunks.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_ROOT, withoutCommentLines } from '../lib/source-scan';

/** import/export … from '…' (not type-only), bare import '…', and import('…'). */
const IMPORT = /\b(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

function resolveSource(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every source module reachable from the entry, with the bare (package) specifiers each imports. */
function reach(entry: string): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  const queue = [join(SRC_ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    const packages: string[] = [];
    modules.set(file, packages);
    if (!/\.tsx?$/.test(file)) continue;
    const code = withoutCommentLines(readFileSync(file, 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of code.matchAll(IMPORT)) {
      if (match[1]) continue;
      const spec = (match[2] ?? match[3] ?? match[4])!;
      if (!spec.startsWith('.')) packages.push(spec);
      else {
        const target = resolveSource(file, spec);
        if (target) queue.push(target);
      }
    }
  }
  return modules;
}

const path = (file: string) => relative(SRC_ROOT, file).split(sep).join('/');
const importersOf = (modules: Map<string, string[]>, pkg: RegExp) =>
  [...modules].filter(([, packages]) => packages.some((spec) => pkg.test(spec))).map(([file]) => path(file)).sort();

const REACT_ROUTER = /^react-router(\/|$)/;

describe("the patient portal's page and react-router", () => {
  const portal = reach('portal-main.tsx');

  it('reaches the portal’s screens and lazy parts (the walk follows static and dynamic imports)', () => {
    const reached = new Set([...portal.keys()].map(path));
    for (const file of [
      'app/portal-app.tsx',
      'features/portal/routes/portal-pages.tsx',
      'features/portal/routes/portal-accept-page.tsx',
      'features/chat/components/chat-thread.tsx',
      'features/video/components/call-screen.tsx',
      'features/portal/components/plan-reader.tsx',
      'app/portal-toasts.tsx',
      'app/layouts/theme-menu.tsx',
      'app/error-screen.tsx',
    ]) expect(reached, file).toContain(file);
  });

  it('loads no module that imports react-router (the address goes through lib/navigation.tsx)', () => {
    expect(importersOf(portal, REACT_ROUTER)).toEqual([]);
  });

  it('while the professional’s app does (the check sees a react-router import where there is one)', () => {
    expect(importersOf(reach('main.tsx'), REACT_ROUTER)).toContain('app/root-route.tsx');
  });
});
