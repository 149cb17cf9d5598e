// Chunk groups for the first load of a screen (issue 15). Left to itself the bundler cuts one chunk per
// distinct set of importing routes: /inicio asked for ~90 files, and on a phone's HTTP/1.1 connection
// (6 at a time, 150 ms round trip) that queue, and the ~80 <link rel=modulepreload> the loader inserts,
// cost more than the bytes. Two pages, two entries (issue 27): the professional's app (index.html,
// main.tsx) and the patient portal (portal.html, portal-main.tsx). The groups here:
//   - what both entries run at start, and what the portal shares with the sign-in screen: `boot`;
//   - what only the portal runs at start and nothing of the professional's app loads: `portal-boot`;
//   - what the portal runs at start that some professional screen loads too: `portal-ui`;
//   - what only the professional's app runs at start: `app-boot` (it starts the professional's router,
//     so the portal must never load it), and of that what the portal's lazy parts (the toasts) use too:
//     `app-boot-shared`;
//   - what the portal's lazy parts share with the sign-in screen: `login-shared`; with the signed-in
//     shell and screens: `shared-ui`;
//   - what the login screen needs beyond the entry (shared UI, not feature code): `login-ui`;
//   - what the signed-in shell (main layout) needs beyond that: `app-shell`;
//   - what two or more of the main screens share beyond that: `screens-common`;
//   - each screen's own code stays in its route chunk; everything else is chunked as before.
// The last three never hold anything the portal may load (they import `app-boot`).
// Membership comes from the module graph following static imports (what the portal may ever load:
// dynamic ones too, whole modules). A barrel module (a package's
// index that only re-exports, like @mantine/core's or the icon set's) is followed only along the names
// the importing module asks for: following all of its imports would put the whole component library in
// every group (the barrel is reachable from the entry).
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleInfo(id: string): { id: string; code: string | null; importedIds: readonly string[] } | null;
}

/** One module's import/export statements: local and exported names to (specifier, imported name). */
interface Statements {
  imports: Array<{ spec: string; names: string[] | '*' }>;
  exportsFrom: Map<string, { spec: string; name: string }>;
  stars: string[];
  /** Only import/export statements: a re-exporting index. */
  barrel: boolean;
}

const NAMED = /\{([^}]*)\}/;

function parseNames(list: string): Array<[imported: string, local: string]> {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return [imported!.trim(), (local ?? imported)!.trim()];
    });
}

function parseStatements(code: string): Statements {
  const imports: Statements['imports'] = [];
  const exportsFrom = new Map<string, { spec: string; name: string }>();
  const localExports = new Map<string, string>();
  const stars: string[] = [];
  const stripped = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const localSource = new Map<string, { spec: string; name: string }>();
  const statement = /(import|export)\s*([^;'"]*?)\s*(?:from\s*)?["']([^"']+)["']|export\s*\{([^}]*)\}/g;
  let covered = 0;
  for (const match of stripped.matchAll(statement)) {
    covered += match[0].length;
    const [, keyword, clause = '', spec, bareList] = match;
    if (bareList !== undefined) {
      for (const [local, exported] of parseNames(bareList)) localExports.set(exported, local);
      continue;
    }
    if (!spec) continue;
    if (keyword === 'import') {
      if (/\*\s+as\s+/.test(clause)) imports.push({ spec, names: '*' });
      else {
        const named = NAMED.exec(clause);
        const names: string[] = [];
        if (named) for (const [imported, local] of parseNames(named[1]!)) {
          names.push(imported);
          localSource.set(local, { spec, name: imported });
        }
        const defaultName = clause.replace(NAMED, '').replace(/[,\s]/g, '');
        if (defaultName && defaultName !== 'type') {
          names.push('default');
          localSource.set(defaultName, { spec, name: 'default' });
        }
        imports.push({ spec, names });
      }
    } else if (/^\*\s+as\s+(\w+)$/.test(clause)) {
      exportsFrom.set(clause.replace(/^\*\s+as\s+/, ''), { spec, name: '*' });
      imports.push({ spec, names: '*' });
    } else if (clause === '*') {
      stars.push(spec);
      imports.push({ spec, names: '*' });
    } else {
      const named = NAMED.exec(clause);
      const names: string[] = [];
      if (named) for (const [imported, exported] of parseNames(named[1]!)) {
        exportsFrom.set(exported, { spec, name: imported });
        names.push(imported);
      }
      imports.push({ spec, names });
    }
  }
  for (const [exported, local] of localExports) {
    const source = localSource.get(local);
    if (source) exportsFrom.set(exported, source);
  }
  const rest = stripped.replace(statement, '').replace(/["']use client["']/g, '').replace(/[\s;]/g, '');
  return { imports, exportsFrom, stars, barrel: covered > 0 && rest === '' };
}

/** Modules statically reachable from the roots, following barrels only along the names asked for. */
export function createReach(graph: ModuleGraph) {
  const parsed = new Map<string, Statements>();
  const statementsOf = (id: string): Statements => {
    let statements = parsed.get(id);
    if (!statements) {
      statements = parseStatements(graph.getModuleInfo(id)?.code ?? '');
      parsed.set(id, statements);
    }
    return statements;
  };
  /** The imported module a specifier of `from` resolved to (undefined when it cannot be told). */
  const resolve = (from: string, spec: string): string | undefined => {
    const imported = graph.getModuleInfo(from)?.importedIds ?? [];
    if (spec.startsWith('.')) {
      // TypeScript sources import './x.js' for the file x.ts.
      const target = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
      return imported.find((id) => id === target || id.startsWith(`${target}.`) || id.startsWith(`${target}/index.`));
    }
    // Our workspace packages resolve to their sources (packages/<name>/src/…), not to node_modules:
    // '@almendra/domain' is packages/domain/src/index.ts, '@almendra/contracts/constants' …/src/constants.ts.
    const workspace = /^@almendra\/([^/]+)(\/.+)?$/.exec(spec);
    if (workspace) {
      const target = `/packages/${workspace[1]}/src${workspace[2] ?? '/index'}`;
      return imported.find((id) => id.includes(`${target}.`) || id.includes(`${target}/index.`));
    }
    const candidates = imported.filter((id) => id.includes(`/node_modules/${spec}/`));
    return candidates.length === 1 ? candidates[0] : undefined;
  };

  /** Whether a module can export `name`: a barrel may (through its own stars); other modules if they declare it. */
  const mayExport = (id: string, name: string): boolean => {
    const statements = statementsOf(id);
    if (statements.barrel || statements.stars.length > 0 || statements.exportsFrom.has(name)) return true;
    const code = (graph.getModuleInfo(id)?.code ?? '').replace(/\/\*[\s\S]*?\*\//g, '');
    const escaped = name.replace(/[$]/g, '\\$');
    return new RegExp(`export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class|enum)\\s+${escaped}\\b|export\\s*\\{[^}]*\\b${escaped}\\b[^}]*\\}`).test(code);
  };

  return (roots: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const barrelNames = new Map<string, Set<string>>();
    const visitWhole = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const statements = statementsOf(id);
      const resolvedIds = new Set<string>();
      for (const { spec, names } of statements.imports) {
        const target = resolve(id, spec);
        if (!target) continue;
        resolvedIds.add(target);
        visitNames(target, names);
      }
      // Imports the statements did not account for (CSS, JSON, code the parser missed): followed whole.
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (!resolvedIds.has(next)) visitWhole(next);
    };
    const visitNames = (id: string, names: readonly string[] | '*') => {
      const statements = statementsOf(id);
      if (!statements.barrel || names === '*') return visitWhole(id);
      seen.add(id);
      let asked = barrelNames.get(id);
      if (!asked) barrelNames.set(id, (asked = new Set()));
      for (const name of names) {
        if (asked.has(name)) continue;
        asked.add(name);
        const source = statements.exportsFrom.get(name);
        const target = source && resolve(id, source.spec);
        if (source && target) visitNames(target, source.name === '*' ? '*' : [source.name]);
        else if (!source) for (const star of statements.stars) {
          const starTarget = resolve(id, star);
          // Of the modules an `export *` names, only the one that exports the name is needed.
          if (starTarget && mayExport(starTarget, name)) visitNames(starTarget, [name]);
        }
        else for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visitWhole(next);
      }
    };
    for (const root of roots) visitWhole(root);
    return seen;
  };
}

/**
 * Modules whose evaluation is costly: the shared zod schemas build hundreds of validators when their
 * module runs (the food schemas one per nutrient). Grouped, every screen would pay for the schemas of
 * the others (~250 ms of a throttled phone's CPU on /inicio); left out, they load with the screen that
 * uses them.
 */
const EVALUATED_ON_LOAD = /[\\/](packages[\\/]contracts|node_modules[\\/]zod)[\\/]/;

export interface FirstLoadRoutes {
  /** The professional's app's entry module (main.tsx). */
  entry: string;
  /** The patient portal's entry module (portal-main.tsx, a second HTML page). */
  portal: string;
  login: string;
  shell: string;
  screens: readonly string[];
}

interface FullModuleGraph extends ModuleGraph {
  getModuleInfo(id: string): { id: string; code: string | null; importedIds: readonly string[]; dynamicallyImportedIds?: readonly string[] } | null;
}

/** Every module reachable from the roots through static and dynamic imports, whole. */
function reachAll(graph: FullModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

/** The `name` function of a code-splitting group: which first-load chunk a module goes to, or none. */
export function firstLoadGroups(routes: FirstLoadRoutes) {
  let groupOf: Map<string, string> | undefined;
  return (id: string, ctx: FullModuleGraph): string | null => {
    if (!groupOf) {
      const assigned = new Map<string, string>();
      const reach = createReach(ctx);
      const entry = reach([routes.entry]);
      const portal = reach([routes.portal]);
      const login = reach([routes.login]);
      // Everything the professional's app may ever load, and everything the portal may (its lazy tabs).
      const appAll = reachAll(ctx, [routes.entry]);
      const portalAll = reachAll(ctx, [routes.portal]);
      const claim = (ids: Iterable<string>, name: string, accept: (id: string) => boolean = () => true) => {
        for (const m of ids) if (!assigned.has(m) && accept(m)) assigned.set(m, name);
      };
      const own = (m: string) => m !== routes.entry && m !== routes.portal && (!m.endsWith('.css') || m.endsWith('.module.css'));
      // What both entries run at start (React, i18n, Query, Mantine's core; not react-router, which only
      // the professional's app loads: app/portal-reach.test.ts): one chunk, `boot`.
      // So is what the portal shares with the sign-in screen (inputs, buttons): every professional screen
      // loads that too, and in a portal chunk it would bring the portal's own code to /login.
      claim([...portal].filter((m) => entry.has(m) || login.has(m)), 'boot', own);
      // What only the portal runs at start, and that nothing of the professional's app ever loads:
      // `portal-boot` (the portal's screen, its header, its cards).
      claim([...portal].filter((m) => !appAll.has(m)), 'portal-boot', own);
      // What the portal runs at start that some professional screen loads too (the notifications card,
      // the tabs…): `portal-ui`, which those screens load where they share it. The shared zod schemas
      // stay out (see EVALUATED_ON_LOAD).
      claim(portal, 'portal-ui', (m) => own(m) && !EVALUATED_ON_LOAD.test(m));
      // What only the professional's app runs at start: `app-boot`; of that, what the portal's lazy
      // parts may load too (the toasts) goes apart, `app-boot-shared`, so they never load `app-boot`.
      claim(entry, 'app-boot', (m) => own(m) && !portalAll.has(m));
      claim(entry, 'app-boot-shared', own);
      // The professional's groups below import `app-boot`, which starts the professional's router: nothing
      // the portal may load goes into them. What the portal's lazy parts (its chat, plan, log and call
      // tabs, the appearance menu) share with the professional's first loads is one chunk of its own,
      // `shared-ui`, which both load where they need it (left to the bundler, such modules made chunks
      // that imported each other in a cycle, and a screen read an icon before its chunk had run).
      // What the sign-in screen needs of those is apart (`login-shared`): in `shared-ui` it brought the
      // shell's menus and chat to /login (+100 KB).
      claim([...login].filter((m) => portalAll.has(m)), 'login-shared', (m) => own(m) && !EVALUATED_ON_LOAD.test(m));
      // Of the screens, only what two or more share (as `screens-common`): one screen's own modules stay
      // with it instead of loading on every signed-in first visit.
      const counts = new Map<string, number>();
      for (const screen of routes.screens) for (const m of reach([screen])) counts.set(m, (counts.get(m) ?? 0) + 1);
      const professional = [...reach([routes.shell]), ...[...counts].filter(([, n]) => n >= 2).map(([m]) => m)];
      claim(professional.filter((m) => portalAll.has(m)), 'shared-ui', (m) => own(m) && !EVALUATED_ON_LOAD.test(m));
      const professionalOnly = (m: string) => !entry.has(m) && !portal.has(m) && !portalAll.has(m);
      claim(login, 'login-ui', (m) => professionalOnly(m) && !m.includes('/src/features/'));
      claim(reach([routes.shell]), 'app-shell', (m) => professionalOnly(m) && m !== routes.shell && !EVALUATED_ON_LOAD.test(m));
      claim([...counts].filter(([m, n]) => n >= 2 && !routes.screens.includes(m) && !EVALUATED_ON_LOAD.test(m) && professionalOnly(m)).map(([m]) => m), 'screens-common');
      groupOf = assigned;
    }
    return groupOf.get(id) ?? null;
  };
}

/** A screen a first visit lands on: its paths and the modules it needs (route module, layout). */
export interface LandingScreen {
  paths: readonly string[];
  modules: readonly string[];
  /** Named chunks it always loads besides (the neutral Spanish locale chunk, every language's fallback). */
  chunkNames?: readonly string[];
  /** The HTML page it is served (default index.html): the chunks that page's entry loads are not listed. */
  html?: string;
}

export const ROUTE_PRELOAD_FILE = 'route-preload.json';

/**
 * Writes route-preload.json: for each landing path, the chunks (beyond the entry's) and the style
 * sheets its screen needs. The server puts them in that path's HTML as <link rel="modulepreload">, so
 * they download alongside the entry chunk instead of after it has run and the router asked for them
 * (on a phone, a second wave of requests half a second to a second later).
 */
export function routePreloadManifest(screens: readonly LandingScreen[]): Plugin {
  return {
    name: 'almendra-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: readonly OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        roots.forEach((chunk) => visit(chunk.fileName));
        return seen;
      };
      const entryOf = (html: string) => {
        const chunk = chunks.find((c) => c.isEntry && c.facadeModuleId !== null && path.basename(c.facadeModuleId) === html);
        if (!chunk) throw new Error(`route-preload: no entry chunk for ${html}`);
        return closure([chunk]);
      };
      const preload: Record<string, { scripts: string[]; styles: string[] }> = {};
      for (const screen of screens) {
        const entry = entryOf(screen.html ?? 'index.html');
        const roots = screen.modules.map((module) => {
          const chunk = chunks.find((c) => c.facadeModuleId === module);
          if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
          return chunk;
        });
        for (const name of screen.chunkNames ?? []) {
          const chunk = chunks.find((c) => c.name === name);
          if (!chunk) throw new Error(`route-preload: no chunk named ${name}`);
          roots.push(chunk);
        }
        const files = [...closure(roots)].filter((fileName) => !entry.has(fileName));
        const styles = new Set<string>();
        for (const fileName of files) for (const css of byFile.get(fileName)?.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
        for (const path of screen.paths) preload[path] = { scripts: files.map((fileName) => `/${fileName}`), styles: [...styles] };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOAD_FILE, source: JSON.stringify(preload) });
    },
  };
}
