// Which push endpoints the server will post to. A push endpoint is a URL chosen by the browser (so by
// whoever calls our API): without a list, the server could be made to POST to any address, inside the
// network included. Only the hosts of PUSH_ENDPOINT_HOSTS are accepted (host[:port], comma-separated;
// "*.example.com" for any subdomain). Endpoints are https, except for a local host (localhost, 127.0.0.1,
// [::1]) that the list names explicitly — a stand-in push service in tests, never a default.

export const DEFAULT_PUSH_ENDPOINT_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com'];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

interface HostRule {
  /** Lower case; without the "*." of a wildcard. */
  host: string;
  wildcard: boolean;
  /** Null: the scheme's default port only. */
  port: number | null;
}

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: 'INVALID_URL' | 'NOT_HTTPS' | 'HOST_NOT_ALLOWED' };

/** Parses PUSH_ENDPOINT_HOSTS entries; throws a readable error for a malformed one (config.ts reports it). */
export function parseHostRules(entries: string[]): HostRule[] {
  return entries.map((raw) => {
    const entry = raw.trim().toLowerCase();
    const match = /^(\*\.)?((?:\[[0-9a-f:]+\])|(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*))(?::(\d{1,5}))?$/.exec(entry);
    if (!match) throw new Error(`"${raw}" is not a host[:port] (a leading "*." allows subdomains)`);
    const port = match[3] ? Number(match[3]) : null;
    if (port !== null && (port < 1 || port > 65535)) throw new Error(`"${raw}" has an invalid port`);
    return { host: match[2]!, wildcard: Boolean(match[1]), port };
  });
}

export function createEndpointAllowList(entries: string[]) {
  const rules = parseHostRules(entries);
  return {
    check(endpoint: string): EndpointCheck {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return { ok: false, reason: 'INVALID_URL' };
      }
      if (url.username || url.password) return { ok: false, reason: 'INVALID_URL' };
      const host = url.hostname.toLowerCase();
      const port = url.port === '' ? null : Number(url.port);
      const rule = rules.find((r) => {
        const hostMatches = r.wildcard ? host.endsWith(`.${r.host}`) : host === r.host;
        return hostMatches && r.port === port;
      });
      if (!rule) return { ok: false, reason: 'HOST_NOT_ALLOWED' };
      if (url.protocol === 'https:') return { ok: true, url };
      // Plain http only to a local host the list names itself (a stand-in push service).
      if (url.protocol === 'http:' && !rule.wildcard && LOCAL_HOSTS.has(host)) return { ok: true, url };
      return { ok: false, reason: 'NOT_HTTPS' };
    },
  };
}

export type EndpointAllowList = ReturnType<typeof createEndpointAllowList>;
