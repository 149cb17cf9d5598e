// A whole count with its noun, singular only for exactly one: "1 año", "2 años", "0 días", "1 día" (issue 24:
// "1 cuentas" on screen had siblings in the PDFs — a one-year-old's "1 años", "semana 9 + 1 días").
export const countOf = (n: number, singular: string, plural: string): string => `${n} ${n === 1 ? singular : plural}`;
