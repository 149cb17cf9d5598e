// Where to go after sign-in: the `to` query parameter only when it is a path on this origin.

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/inicio';

const PROBE_ORIGIN = 'https://almendra.invalid';

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Returns `to` when it is a same-origin path ('/pacientes?x=1'), else `fallback`. Rejects absolute
 * URLs, protocol-relative '//host', backslash tricks ('/\\host'), control characters and the sign-in
 * pages themselves (which would loop).
 */
export function safeRedirectPath(to: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  if (hasControlCharacter(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (url.pathname === LOGIN_PATH || url.pathname === '/pages/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** '/login?to=<path+search>' for a wanted location (the login page reads it back). */
export function loginRedirect(pathWithSearch: string): string {
  const target = safeRedirectPath(pathWithSearch, '');
  return target ? `${LOGIN_PATH}?to=${encodeURIComponent(target)}` : LOGIN_PATH;
}
