// Reads the web app's own source files, for tests that guard a rule across every screen at once (one date
// format, counters on limited fields, focus on the first error): a screen added tomorrow is checked too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

export interface SourceFile {
  /** Path from apps/web/src, with '/' separators. */
  path: string;
  text: string;
}

/** Every .ts/.tsx file (or every file whose name matches `names`) under apps/web/src, except tests. */
export function sourceFiles(root: string = SRC_ROOT, names: RegExp = /\.tsx?$/): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (names.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}

/** The text with comment lines blanked (same line numbers): comments may name what code must not do. */
export const withoutCommentLines = (text: string) =>
  text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');

/** 1-based line of a character offset. */
export const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
