// Test helper (never imported by the app): every locale file read directly and flattened to
// 'namespace:key.path' → text, for the locale and voice tests.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** { es: { auth: {…} }, 'es-AR': {…}, en: {…} } */
export const resources: Record<string, Record<string, unknown>> = {};
for (const [path, data] of Object.entries(files)) {
  const match = /^\.\/([a-zA-Z-]+)\/([a-z-]+)\.json$/.exec(path);
  if (!match) throw new Error(`Unexpected locale file ${path}`);
  (resources[match[1]!] ??= {})[match[2]!] = data;
}

function flattenInto(all: Record<string, string>, value: unknown, prefix: string): Record<string, string> {
  if (typeof value === 'string') {
    all[prefix] = value;
    return all;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    flattenInto(all, child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`);
  }
  return all;
}

/** Every text of a language as 'namespace:key.path' → text. */
export function flatLanguage(language: string): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [namespace, data] of Object.entries(resources[language] ?? {})) flattenInto(all, data, `${namespace}:`);
  return all;
}
