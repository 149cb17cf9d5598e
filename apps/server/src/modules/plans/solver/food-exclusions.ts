// Which foods a patient's recorded allergies and intolerances rule out of a proposed day. The record holds
// free text ("maní, lactosa"), so each term is matched against food names (accents and case ignored), with
// the foods a common term stands for: lactose → milk products, gluten/celiac disease → wheat, oats, barley
// and rye products (the four TACC cereals of the Argentine Código Alimentario, art. 1383), nuts, egg, fish
// and shellfish. A term that matches nothing known is matched as written.
import type { ProposeDayExclusionCause } from '@almendra/contracts';

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface Family { terms: RegExp; names: string[]; groups?: string[] }

const FAMILIES: Family[] = [
  { terms: /lactosa|lacteo|leche/, names: ['leche', 'yogur', 'queso', 'crema', 'manteca', 'dulce de leche', 'ricota', 'helado'] },
  {
    terms: /gluten|celia[cq]|tacc|trigo/,
    names: ['trigo', 'pan', 'fideo', 'galletita', 'harina', 'avena', 'cebada', 'centeno', 'factura', 'medialuna', 'tostada', 'bizcocho', 'noqui', 'raviol', 'pizza', 'empanada', 'tarta', 'polenta de trigo', 'salvado', 'semola', 'pasta'],
  },
  { terms: /mani|cacahuate|cacahuete/, names: ['mani'] },
  { terms: /frutos secos|nuez|nueces|almendra|avellana/, names: ['nuez', 'nueces', 'almendra', 'avellana', 'castana', 'pistacho', 'mani'], groups: ['12'] },
  { terms: /huevo/, names: ['huevo', 'mayonesa'] },
  { terms: /pescado/, names: ['pescado', 'merluza', 'atun', 'salmon', 'sardina', 'caballa', 'pejerrey'], groups: ['15'] },
  { terms: /marisco|crustace|molusco/, names: ['camaron', 'langostino', 'calamar', 'mejillon', 'pulpo', 'cangrejo'] },
  { terms: /soja/, names: ['soja', 'tofu'] },
];

/** Why a food is left out: the patient's recorded term ({code: 'allergy', term: 'maní'}). */
export interface AllergyCause { code: 'allergy' | 'intolerance'; term: string }

/**
 * The Spanish words of a cause, for the API's `reason` field (clients that read it): "alergia: maní",
 * "no le gusta", "ya está en un día vecino", and for a dish the ingredient after it, "(Huevo…)". The
 * interface words the cause itself, in its language.
 */
export function reasonText(cause: ProposeDayExclusionCause): string {
  const base =
    cause.code === 'allergy' ? `alergia: ${cause.term ?? ''}` : cause.code === 'intolerance' ? `intolerancia: ${cause.term ?? ''}` : cause.code === 'disliked' ? 'no le gusta' : 'ya está en un día vecino';
  return cause.ingredient ? `${base} (${cause.ingredient})` : base;
}

/** A matcher: why a food is left out ({code: 'allergy', term: 'maní'}), or null. */
export function allergyExclusions(allergies: string | null, intolerances: string | null): (foodName: string, group: string | null) => AllergyCause | null {
  const rules: { cause: AllergyCause; names: string[]; groups: string[] }[] = [];
  const add = (text: string | null, code: AllergyCause['code']) => {
    for (const raw of (text ?? '').split(/[,;\n/]|\by\b/)) {
      const term = raw.trim();
      const key = normalise(term);
      if (key.length < 3 || /^(no|ninguna|niega|sin)\b/.test(key)) continue;
      const family = FAMILIES.find((f) => f.terms.test(key));
      rules.push({ cause: { code, term }, names: family ? family.names : [key], groups: family?.groups ?? [] });
    }
  };
  add(allergies, 'allergy');
  add(intolerances, 'intolerance');
  return (foodName, group) => {
    const name = normalise(foodName);
    const rule = rules.find((r) => (group !== null && r.groups.includes(group)) || r.names.some((n) => new RegExp(`\\b${n}`).test(name)));
    return rule ? rule.cause : null;
  };
}
