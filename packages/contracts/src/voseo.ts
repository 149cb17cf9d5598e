// The server writes its messages once, in neutral Spanish (tú: "Revisa los datos ingresados."). An
// Argentine interface (es-AR) shows them in voseo ("Revisá los datos ingresados."), so the web app's
// api-error.ts passes every server message through toVoseo() while the interface speaks es-AR, and the
// server does the same for what it writes to an Argentine practice's visitors (the public profile page,
// the booking emails). The rewrite is a
// dictionary of the tú forms our messages use, not a grammar: voseo.test.ts reads every Spanish
// message of the server and the contracts and fails on one this dictionary leaves in tú.

/** tú → vos for forms no noun or third person shares: rewritten wherever they appear. */
const ANYWHERE: Record<string, string> = {
  puedes: 'podés',
  tienes: 'tenés',
  quieres: 'querés',
  debes: 'debés',
  sabes: 'sabés',
  eres: 'sos',
  necesitas: 'necesitás',
  avísale: 'avisale',
  agrégalo: 'agregalo',
  márcalos: 'marcalos',
  avísanos: 'avisanos',
  escríbenos: 'escribinos',
  ocúltalo: 'ocultalo',
  restáuralo: 'restauralo',
  cópiala: 'copiala',
  cópialo: 'copialo',
  inténtalo: 'intentalo',
  asegúrate: 'asegurate',
  guárdalo: 'guardalo',
  elígelo: 'elegilo',
  créalo: 'crealo',
  finalízalo: 'finalizalo',
  divídelo: 'dividilo',
  pídeselo: 'pedíselo',
  pídele: 'pedile',
  escríbele: 'escribile',
  invítalo: 'invitalo',
  llamas: 'llamás',
  prefieres: 'preferís',
  buscas: 'buscás',
  encuentras: 'encontrás',
  elige: 'elegí',
  haz: 'hacé',
  tú: 'vos',
  ti: 'vos',
  contigo: 'con vos',
  comunícate: 'comunicate',
  vienes: 'venís',
  acéptala: 'aceptala',
  // Not tú, but the same voice.
  aquí: 'acá',
};

/**
 * tú imperatives that are also third persons or nouns ("el servicio usa", "de prueba"): rewritten only
 * where an instruction starts (start of the text, of a sentence or clause, after a conjunction or an
 * adverb such as "primero").
 */
const IMPERATIVES: Record<string, string> = {
  ingresa: 'ingresá',
  pega: 'pegá',
  conecta: 'conectá',
  recuerda: 'recordá',
  confírmalo: 'confirmalo',
  revisa: 'revisá',
  usa: 'usá',
  vuelve: 'volvé',
  intenta: 'intentá',
  inicia: 'iniciá',
  indica: 'indicá',
  escribe: 'escribí',
  crea: 'creá',
  espera: 'esperá',
  deja: 'dejá',
  completa: 'completá',
  agrega: 'agregá',
  quita: 'quitá',
  carga: 'cargá',
  busca: 'buscá',
  cambia: 'cambiá',
  guarda: 'guardá',
  selecciona: 'seleccioná',
  confirma: 'confirmá',
  elimina: 'eliminá',
  prueba: 'probá',
  sube: 'subí',
  abre: 'abrí',
  cierra: 'cerrá',
  recarga: 'recargá',
  envía: 'enviá',
  corrige: 'corregí',
  comprueba: 'comprobá',
  verifica: 'verificá',
  registra: 'registrá',
  activa: 'activá',
  contacta: 'contactá',
  pon: 'poné',
  pide: 'pedí',
  sigue: 'seguí',
  restablece: 'restablecé',
};

const LETTER = '\\p{L}\\p{N}';
const INSTRUCTION_START = `(^|[.:;!?¡¿(«"—–]\\s*|,\\s*|\\s(?:y|e|o|u|pero|luego|después|primero|ahora|también|mejor|antes)\\s+)`;
const anywherePattern = new RegExp(`(?<![${LETTER}])(${Object.keys(ANYWHERE).join('|')})(?![${LETTER}])`, 'giu');
const imperativePattern = new RegExp(`${INSTRUCTION_START}(${Object.keys(IMPERATIVES).join('|')})(?![${LETTER}])`, 'giu');

/** Keeps the capital of the word it replaces ("Ingresa" → "Ingresá"). */
function like(original: string, replacement: string): string {
  return original[0] === original[0]!.toLocaleUpperCase('es') ? replacement[0]!.toLocaleUpperCase('es') + replacement.slice(1) : replacement;
}

/** The same message in voseo. Texts without tú forms come back unchanged. */
export function toVoseo(text: string): string {
  return text
    .replace(anywherePattern, (word: string) => like(word, ANYWHERE[word.toLocaleLowerCase('es')]!))
    .replace(imperativePattern, (_match, start: string, word: string) => start + like(word, IMPERATIVES[word.toLocaleLowerCase('es')]!));
}
