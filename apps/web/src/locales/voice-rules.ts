// The voice rules of docs/style-guide.md as code, for tests only (never imported by the app): which
// words are tú forms (es-AR must speak vos) and which are English (no Spanish text may keep them).
/** Lower case, interpolations ({{name}}) and nesting ($t(…)) removed: they are not words of the text. */
function prose(text: string): string {
  return text.replace(/{{[^}]*}}/g, ' ').replace(/\$t\([^)]*\)/g, ' ').toLocaleLowerCase('es');
}

const LETTER = '\\p{L}\\p{N}';
/** Whole word, accent-aware: "revisa" does not match "revisá", "revisado" or "prerrevisa". */
const word = (w: string) => `(?<![${LETTER}])${w}(?![${LETTER}])`;

// --- tú forms ------------------------------------------------------------------------------------

/**
 * Never voseo, wherever they appear: the pronouns, present-tense tú forms (vos: tenés, podés,
 * querés, buscás…) and imperatives that no noun or third person shares.
 */
const TU_ANYWHERE = [
  'tú', 'ti', 'contigo',
  // Not a tú form, but the same voice: es-AR says "acá".
  'aquí',
  'tienes', 'puedes', 'quieres', 'debes', 'sabes', 'eres', 'necesitas', 'buscas', 'encuentras', 'atiendes',
  'entregas', 'guardas', 'pierdes', 'usas', 'prefieres', 'conoces', 'recibes', 'escribes', 'vienes',
  'vuelves', 'cierras', 'eliges', 'confirmas', 'ingresas', 'seleccionas', 'agregas', 'completas', 'intentas',
  'inicias', 'recuerdas', 'cambias', 'subes', 'pides', 'haces', 'pones', 'dices', 'sigues', 'cargas', 'quitas',
  'si sales', 'haz', 'pon', 'asegúrate', 'fíjate', 'suscríbete', 'regístrate', 'olvídate', 'cuéntanos', 'avísanos',
  'escríbenos', 'contáctanos', 'síguenos', 'dinos', 'mantén', 'detén', 'obtén', 'elige', 'escoge', 'pide',
];

/**
 * tú imperatives that are also nouns or third persons ("de prueba", "la carga", "el servicio usa el
 * horario", "lo revisa"; "agenda" and "sal" are left out: the noun is far likelier than the
 * imperative): flagged only where an instruction starts — the start of the text or of a
 * sentence or clause, after a conjunction, or after an adverb that opens an instruction ("primero
 * confirma").
 */
const TU_IMPERATIVES = [
  'revisa', 'prueba', 'ingresa', 'carga', 'selecciona', 'escribe', 'agrega', 'añade', 'completa', 'busca',
  'intenta', 'confirma', 'guarda', 'cierra', 'inicia', 'vuelve', 'recuerda', 'crea', 'sube', 'deja',
  'registra', 'usa', 'abre', 'empieza', 'comienza', 'restablece', 'activa', 'desactiva', 'quita', 'recarga',
  'arrastra', 'genera', 'descarga', 'marca', 'espera', 'toca', 'pulsa', 'presiona', 'mira', 'cambia',
  'envía', 'comparte', 'edita', 'elimina', 'borra', 'llama', 'contacta', 'lee', 'sigue', 'responde',
  'acepta', 'importa', 'exporta', 'comprueba', 'verifica', 'indica', 'introduce', 'ajusta', 'copia',
  'oculta', 'restaura', 'bloquea', 'desbloquea', 'define', 'configura', 'anota', 'imprime',
  'conecta', 'termina', 'finaliza', 'continúa', 'aplica', 'pega', 've', 'ven', 'ten',
];
const INSTRUCTION_START = `(?:^|[.:;!?¡¿(«"—–]\\s*|,\\s*|\\s(?:y|e|o|u|pero|luego|después|primero|ahora|también|mejor|antes)\\s+)`;

/** Accented imperative + enclitic pronoun (cópiala, restáuralo, ocúltalo); voseo has no accent there. */
const TU_ENCLITIC = new RegExp(`(?<![${LETTER}])\\p{L}*[áéíóú]\\p{L}*[aei](?:lo|la|los|las|te)(?![${LETTER}])`, 'gu');
/** Words TU_ENCLITIC would take for an imperative. */
const NOT_ENCLITIC = new Set([
  'límite', 'límites', 'pétalo', 'pétalos', 'escándalo', 'intérprete', 'intérpretes',
  // Voseo keeps the accent of an imperative ending in a stressed vowel: pedí + se + lo.
  'pedíselo', 'decíselo', 'pedíselos',
]);

/**
 * Effective es-AR texts where a word of the lists is not a tú form. Key → [word, why].
 * Keep each entry explained; an entry that no longer matches fails the last test.
 */
export const VOICE_ALLOWED: Record<string, [word: string, reason: string]> = {
  'foods:detail.brand': ['marca', 'noun: "Marca: {{brand}}" is the brand of a packaged food'],
  'billing:receipts.sentMessage': ['anota', 'third person: whoever runs the server checks the receipt and records the payment'],
  'consultations:fields.raceTermHint': ['ajusta', 'third person: the ethnicity term adjusts the result'],
  'foods:form.nutrientsHint': ['acepta', 'third person: the field accepts comma or dot'],
  'foods:form.brand': ['marca', 'noun: the label of the brand field'],
  'foods:options.origins.cache': ['copia', 'noun: "Copia guardada al día" is the copy kept in the browser'],
  'appointments:feed.activeSince': ['activa', 'adjective: the calendar address is active since a date'],
  'help:referrals.active': ['activa', 'adjective: the referred colleague\'s account is active'],
  'billing:status.active': ['activa', 'adjective: the subscription is active'],
  'billing:tab.trialPlan': ['prueba', 'noun: the free trial ("Prueba gratis")'],
  'consultations:fields.raceTerm': ['lee', 'surname: the Lee (2000) equation'],
  'account:preferences.languages.es': ['tú', 'names the neutral locale by its pronoun, next to "(vos)"'],
};

export function tuForms(text: string): string[] {
  const source = prose(text);
  const found = new Set<string>();
  for (const w of TU_ANYWHERE) if (new RegExp(word(w), 'u').test(source)) found.add(w);
  for (const w of TU_IMPERATIVES) if (new RegExp(`${INSTRUCTION_START}${word(w)}`, 'u').test(source)) found.add(w);
  for (const match of source.matchAll(TU_ENCLITIC)) if (!NOT_ENCLITIC.has(match[0])) found.add(match[0]);
  return [...found];
}

export function offendersOf(texts: Record<string, string>, find: (text: string) => string[], allowed: Record<string, [string, string]>): string[] {
  const offenders: string[] = [];
  for (const [key, text] of Object.entries(texts)) {
    const words = find(text).filter((w) => allowed[key]?.[0] !== w);
    if (words.length > 0) offenders.push(`${key}  «${words.join('», «')}»  in "${text}"`);
  }
  return offenders.sort();
}

// --- English words -------------------------------------------------------------------------------

/**
 * English UI words that are not Spanish words too ("error", "total", "normal", "plan", "simple",
 * "chat", "no", "base", "color"… are left out on purpose).
 */
const ENGLISH_WORDS = [
  'the', 'and', 'of', 'to', 'with', 'for', 'your', 'you', 'this', 'that', 'is', 'are', 'not', 'please',
  'save', 'cancel', 'delete', 'edit', 'close', 'open', 'add', 'remove', 'new', 'back', 'next', 'previous',
  'submit', 'search', 'loading', 'upload', 'download', 'show', 'hide', 'more', 'less', 'all', 'none', 'yes',
  'week', 'weekly', 'day', 'days', 'month', 'year', 'today', 'tomorrow', 'yesterday', 'zoom', 'in', 'out',
  'timed', 'all-day', 'list', 'view', 'event', 'events', 'schedule', 'hours', 'minutes', 'time', 'date',
  'patient', 'patients', 'appointment', 'appointments', 'food', 'foods', 'dish', 'dishes', 'meal', 'meals',
  'breakfast', 'lunch', 'dinner', 'snack', 'weight', 'height', 'template', 'templates', 'draft', 'settings',
  'account', 'password', 'email', 'login', 'logout', 'sign', 'page', 'name', 'found', 'empty', 'required',
  'invalid', 'failed', 'warning', 'success', 'help', 'home', 'news', 'place', 'places', 'service', 'price',
  'note', 'notes', 'click', 'here', 'free', 'busy', 'start', 'end', 'today',
];
/** Names, brands, keys and codes that stay as they are in Spanish. Removed before the English check. */
const ENGLISH_ALLOWED_TERMS = [
  'Google Calendar', 'Apple Calendar', 'iCalendar', 'Outlook', 'WhatsApp', 'Excel', 'English', 'Ctrl', 'Enter',
  'Mac', 'USDA', 'IOM', 'Heath-Carter', 'Lee 2000', 'HH:mm', 'WebP',
  // The spec's own alert text at a failed single sign-on callback (seed 2 section 8), kept verbatim.
  'Detailed error can be found in console.',
];
const ENGLISH_PATTERN = new RegExp(`(?<![${LETTER}])(?:${[...new Set(ENGLISH_WORDS)].join('|')})(?![${LETTER}])`, 'gu');

export function englishWords(text: string): string[] {
  let source = text;
  for (const term of ENGLISH_ALLOWED_TERMS) source = source.split(term).join(' ');
  return [...new Set(prose(source).match(ENGLISH_PATTERN) ?? [])];
}

