// The shipped exchange groups (data/exchange-groups/<country>.json), read once and kept in memory.
import fs from 'node:fs';
import path from 'node:path';
import type { ExchangeGroupValues, ReferenceIntakeGroup } from '@almendra/domain';
import { REPO_ROOT } from '../../lib/paths.js';


export interface ExchangeGroupData {
  id: string;
  position: number;
  nameEs: string;
  nameEn: string;
  portion: { energyKcal: number; carbohydrateG: number; proteinG: number; fatG: number };
  members: { foodId: string; grams: number; measureEs: string; measureEn: string }[];
}
export interface ExchangeGroupFile {
  country: string;
  valuesBasis: string;
  groups: ExchangeGroupData[];
}

const cache = new Map<string, ExchangeGroupFile | null>();

/** The groups of a country; null when none are shipped for it. */
export function exchangeGroupsFor(country: string): ExchangeGroupFile | null {
  const code = country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  if (!cache.has(code)) {
    const file = path.join(REPO_ROOT, 'data', 'exchange-groups', `${code.toLowerCase()}.json`);
    cache.set(code, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ExchangeGroupFile) : null);
  }
  return cache.get(code) ?? null;
}

export function groupValues(file: ExchangeGroupFile): ExchangeGroupValues[] {
  return file.groups.map((g) => ({ position: g.position, ...g.portion }));
}

interface DriFile {
  kinds: Record<string, string>;
  groups: ReferenceIntakeGroup[];
}
let dri: DriFile | null = null;

/** The IOM DRI table (data/reference-intakes/dri-iom.json), read once. */
export function referenceIntakes(): DriFile {
  dri ??= JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'data', 'reference-intakes', 'dri-iom.json'), 'utf8')) as DriFile;
  return dri;
}
