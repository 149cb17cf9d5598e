// Text folded for comparison, shared by the server's patient search keys and import headers and the lab
// catalogue's analyte names (plain code without zod: part of @almendra/contracts/constants).

/** Lower case without diacritics ("José PÉREZ" → "jose perez"; ñ → n), single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
