// The origin (scheme://host[:port]) of every link the server writes into an email, a shared link or a page:
// PUBLIC_URL when the operator set it; otherwise the address the request came in on, so a server reached as
// http://192.168.1.20:3000 or https://consultorio.example never mails http://localhost:3000 links.
// - The request's address is its Host header, or X-Forwarded-Host/-Proto only with TRUST_PROXY=true
//   (Fastify's request.host/protocol honour them only then); a Host that is not a plain host[:port] is ignored.
// - Links triggered by someone who is not signed in and mailed to someone else (a password reset, the emails
//   of a booking request) would let a forged Host carry a reset token to a stranger's site ("password-reset
//   poisoning"). For those, without PUBLIC_URL, the request's address is used only when it names this
//   machine or a private network (localhost, 127.x, 10.x, 172.16–31.x, 192.168.x, ::1, fc00::/7, a one-word
//   name, .local, .lan, .home.arpa, .internal); a public name needs PUBLIC_URL and the fallback is used.
// - Jobs without a request (appointment reminders) use PUBLIC_URL or its fallback http://localhost:PORT.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const HOST_PORT = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Services ask for the origin when they build a link; the request being served is found through
 * AsyncLocalStorage (installLinkOrigins), so no service signature has to carry it.
 */
export interface LinkOrigins {
  /** For a signed-in request (the caller gets or shares the link herself), or a job: see the header. */
  current(): string;
  /** For a request anyone can make whose link goes to someone else's mailbox (password reset, booking emails). */
  currentForAnonymous(): string;
  /** Without a request (background jobs): PUBLIC_URL or http://localhost:PORT. */
  readonly fallback: string;
}

const servedRequest = new AsyncLocalStorage<FastifyRequest>();

/** Makes the request being served visible to LinkOrigins for the rest of its lifecycle. */
export function installLinkOrigins(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => servedRequest.run(request, done));
}

/** The request's own origin, or null when its Host is missing or malformed. */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || !HOST_PORT.test(host)) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host.toLowerCase()}`;
}

/** True for a host only reachable on this machine or a private network (see the header). */
export function isPrivateHost(origin: string): boolean {
  const hostname = new URL(origin).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  const family = isIP(hostname);
  if (family === 4) {
    const [a, b] = hostname.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (family === 6) return hostname === '::1' || /^f[cd][0-9a-f]{2}:/.test(hostname);
  return !hostname.includes('.') || /\.(local|lan|home\.arpa|internal)$/.test(hostname);
}

export function createLinkOrigins(config: { publicUrl: string; publicUrlConfigured: boolean }): LinkOrigins {
  const fallback = config.publicUrl.replace(/\/+$/, '');
  if (config.publicUrlConfigured) return { current: () => fallback, currentForAnonymous: () => fallback, fallback };
  const originNow = () => {
    const request = servedRequest.getStore();
    return request ? requestOrigin(request) : null;
  };
  return {
    fallback,
    current: () => originNow() ?? fallback,
    currentForAnonymous: () => {
      const origin = originNow();
      return origin && isPrivateHost(origin) ? origin : fallback;
    },
  };
}

/** What the operator reads in the log at start when PUBLIC_URL is unset (null when it is set). */
export function publicUrlWarning(config: { publicUrl: string; publicUrlConfigured: boolean; trustProxy: boolean }): string | null {
  if (config.publicUrlConfigured) return null;
  return (
    'PUBLIC_URL is not set: links in emails and shared links use the address each request came in on' +
    (config.trustProxy ? ' (X-Forwarded-Host/-Proto from the proxy, TRUST_PROXY=true)' : ' (the Host header; behind a proxy set TRUST_PROXY=true)') +
    '; password-reset and booking emails use it only when it is a local-network address, and appointment reminders use ' +
    `${config.publicUrl}. Set PUBLIC_URL=https://your-domain in production.`
  );
}
