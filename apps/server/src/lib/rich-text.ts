// Rich text from the web editor (notes, news, FAQ answers) is HTML a browser will render, so the server
// keeps only an allow-list of formatting tags and safe links before storing it; anything else (script,
// style, iframe, event-handler attributes, javascript: URLs, inline styles) is dropped.
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr', 'code', 'pre'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style contents are removed with their tags, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the app in a new tab without giving the opened page a handle on ours.
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

/** Sanitised HTML; an empty editor (only empty paragraphs) becomes ''. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return plainText(clean) === '' ? '' : clean;
}

/** The visible text of (sanitised) HTML, blocks separated by spaces. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Lower case without accents: stored next to the text and applied to the query, so search is accent-insensitive on both databases. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A LIKE pattern matching the words of a search in any order: one `%word%` per word, wildcards escaped. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return searchKey(q)
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
