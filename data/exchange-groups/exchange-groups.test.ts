// Data checks for the Argentine exchange groups (see README.md): every member is a food of the shipped
// table and every group's portion values are the average of its members' portions.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
// @ts-expect-error plain ESM script without types
import { groupValues, loadFoods, MACROS } from './build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
interface Member { foodId: string; grams: number; measureEs: string; measureEn: string }
interface Group { id: string; position: number; nameEs: string; nameEn: string; portion: Record<string, number>; members: Member[] }
const data = JSON.parse(readFileSync(join(here, 'ar.json'), 'utf8')) as { country: string; valuesBasis: string; groups: Group[] };
const foods = loadFoods() as Map<string, unknown>;

describe('exchange groups AR', () => {
  it('has at most 24 groups with unique ids in position order', () => {
    expect(data.country).toBe('AR');
    expect(data.groups.length).toBeGreaterThan(10);
    expect(data.groups.length).toBeLessThanOrEqual(24);
    expect(new Set(data.groups.map((g) => g.id)).size).toBe(data.groups.length);
    expect(data.groups.map((g) => g.position)).toEqual(data.groups.map((_, i) => i + 1));
  });

  it('links every member to a food of data/foods/usda-sr24.json.gz with a positive portion', () => {
    for (const group of data.groups) {
      // Enough examples for the patient-facing lists: 3 to 6 foods a group.
      expect(group.members.length, group.id).toBeGreaterThanOrEqual(3);
      expect(group.members.length, group.id).toBeLessThanOrEqual(6);
      for (const member of group.members) {
        expect(foods.has(member.foodId), `${group.id}: ${member.foodId}`).toBe(true);
        expect(member.grams).toBeGreaterThan(0);
        expect(member.measureEs).not.toBe('');
      }
    }
  });

  it('computes each portion as the average of its members (values basis average-of-members)', () => {
    expect(data.valuesBasis).toBe('average-of-members');
    for (const group of data.groups) {
      const expected = groupValues(group.members, foods) as Record<string, number>;
      for (const key of MACROS as string[]) expect(group.portion[key], `${group.id}.${key}`).toBe(expected[key]);
    }
  });
});
