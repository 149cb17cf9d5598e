// Starred navbar pages (seed 1 section 2): at most 10 per user, listed first in the search.
import type { STARRED_PAGES_LIMIT as ContractLimit } from '@almendra/contracts';

// Typed against the contract's constant so a change there fails to compile here (a value import
// would pull zod into the entry bundle).
export const STARRED_PAGES_LIMIT: typeof ContractLimit = 10;

export type ToggleResult =
  | { status: 'starred' | 'unstarred'; starred: string[] }
  | { status: 'limit'; starred: string[] };

export function toggleStarred(starred: readonly string[], path: string, limit: number = STARRED_PAGES_LIMIT): ToggleResult {
  if (starred.includes(path)) return { status: 'unstarred', starred: starred.filter((p) => p !== path) };
  if (starred.length >= limit) return { status: 'limit', starred: [...starred] };
  return { status: 'starred', starred: [...starred, path] };
}

/** Starred pages first (in the order they were starred), then the rest in their given order. */
export function orderByStarred<T extends { path: string }>(pages: readonly T[], starred: readonly string[]): { starred: T[]; others: T[] } {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const first = starred.map((path) => byPath.get(path)).filter((page): page is T => page !== undefined);
  const starredSet = new Set(starred);
  return { starred: first, others: pages.filter((page) => !starredSet.has(page.path)) };
}
