// A Select, Autocomplete or MultiSelect inside an accordion panel can open its list while the panel's opening
// animation still clips the field; Mantine's popover then hides the list as detached and never shows it (the
// labs defect, 91ad128). Such pickers come from section-combobox.tsx (list kept shown). This scan follows
// every accordion of the web app to the components its panels render, and their own imports, and fails on a
// raw Mantine combobox there: a picker added tomorrow to a record section is checked too.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineOf, sourceFiles, SRC_ROOT, withoutCommentLines } from '../../../lib/source-scan';

const COMBOBOXES = ['Select', 'Autocomplete', 'MultiSelect', 'TagsInput'];
const RAW_JSX = new RegExp(`<(${COMBOBOXES.join('|')})\\b`, 'g');
const WRAPPERS = 'features/patients/components/section-combobox.tsx';

/** Raw Mantine comboboxes a file renders (JSX or imported from @mantine/core). */
function rawComboboxes(code: string): Array<{ at: number; name: string }> {
  const found = [...code.matchAll(RAW_JSX)].map((m) => ({ at: m.index, name: m[1]! }));
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    for (const name of m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
      if (COMBOBOXES.includes(name)) found.push({ at: m.index, name });
    }
  }
  return found;
}

/** Relative imports of a file, resolved to source paths under apps/web/src (name → path for named imports). */
function relativeImports(path: string, code: string): Map<string, string> {
  const imports = new Map<string, string>();
  for (const m of code.matchAll(/import\s*(?:\{([^}]*)\}|(\w+))\s*from\s*'(\.{1,2}\/[^']+)'/g)) {
    const base = join(SRC_ROOT, dirname(path), m[3]!);
    const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f));
    if (!file) continue;
    const resolved = relative(SRC_ROOT, file).split(sep).join('/');
    const names = m[1] ? m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!).filter(Boolean) : [m[2]!];
    for (const name of names) imports.set(name.replace(/^type\s+/, ''), resolved);
  }
  return imports;
}

/** Files rendered inside an accordion panel: the components named in <Accordion>…</Accordion>, then their imports. */
function accordionFiles(): { hosts: string[]; reached: Set<string> } {
  const files = sourceFiles();
  const hosts = files.filter((f) => /<Accordion[\s>]/.test(f.text));
  const reached = new Set<string>();
  const queue: string[] = [];
  for (const host of hosts) {
    const imports = relativeImports(host.path, host.text);
    for (const block of host.text.matchAll(/<Accordion[\s>][\s\S]*?<\/Accordion>/g)) {
      for (const tag of block[0].matchAll(/<([A-Z]\w*)/g)) {
        const file = imports.get(tag[1]!);
        if (file) queue.push(file);
      }
    }
  }
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reached.has(path) || path === WRAPPERS || !path.endsWith('.tsx')) continue;
    reached.add(path);
    const code = readFileSync(join(SRC_ROOT, path), 'utf8');
    for (const file of relativeImports(path, code).values()) queue.push(file);
  }
  return { hosts: hosts.map((h) => h.path), reached };
}

describe('pickers inside accordion panels keep their list shown (section-combobox)', () => {
  it('no raw Select, Autocomplete, MultiSelect or TagsInput in an accordion or what its panels render', () => {
    const { hosts, reached } = accordionFiles();
    expect(hosts).toContain('features/patients/components/patient-record.tsx');
    for (const section of ['labs-section.tsx', 'other-sections.tsx', 'pregnancy-section.tsx']) {
      expect([...reached]).toContain(`features/patients/components/${section}`);
    }
    const offences = [...new Set([...hosts, ...reached])].flatMap((path) => {
      const code = withoutCommentLines(readFileSync(join(SRC_ROOT, path), 'utf8'));
      return rawComboboxes(code).map(({ at, name }) => `${path}:${lineOf(code, at)} ${name}`);
    });
    expect(offences).toEqual([]);
  });

  it('every wrapper keeps the list attached (hideDetached off), whatever comboboxProps it is given', () => {
    const code = readFileSync(join(SRC_ROOT, WRAPPERS), 'utf8');
    expect(code).toMatch(/\{ \.\.\.props, hideDetached: false \}/);
    for (const name of ['Select', 'Autocomplete', 'MultiSelect']) {
      expect(code).toContain(`<${name} {...props} comboboxProps={withAttachedList(props.comboboxProps)} />`);
    }
  });

  it('the scan finds what it forbids', () => {
    expect(rawComboboxes("import { Button, Select } from '@mantine/core';").map((c) => c.name)).toEqual(['Select']);
    expect(rawComboboxes('<Autocomplete label="x" />').map((c) => c.name)).toEqual(['Autocomplete']);
    expect(rawComboboxes('<SectionSelect label="x" /><MultiSelectLike />')).toEqual([]);
  });
});
