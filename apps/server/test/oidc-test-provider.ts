// A real OpenID provider (oidc-provider) on a loopback port for the single sign-on tests. Interactions
// complete by themselves for the account named in `provider.nextAccount` (no login form to drive).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

export interface TestProvider {
  issuer: string;
  nextAccount: TestAccount;
  /** The next interaction answers this OAuth error instead of signing in (e.g. access_denied). */
  nextError: string | null;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const handle: TestProvider = {
    issuer,
    nextAccount: { sub: 'nobody' },
    nextError: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'almendra', client_secret: 'almendra-test-secret', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'locale'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['almendra-oidc-test-cookie-key'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ ...(accounts.get(id) ?? { sub: id }) }) }),
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: Record<string, unknown>;
    if (handle.nextError) {
      result = { error: handle.nextError, error_description: 'The user refused' };
    } else if (details.prompt.name === 'login') {
      accounts.set(handle.nextAccount.sub, handle.nextAccount);
      result = { login: { accountId: handle.nextAccount.sub } };
    } else {
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      grant.addOIDCScope('openid profile email');
      result = { consent: { grantId: await grant.save() } };
    }
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true }));
  });
  server.on('request', provider.callback());
  return handle;
}

/** Follows the browser's redirects from the authorization URL to the app's /callback, keeping cookies. */
export async function followToCallback(authorizationUrl: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(callbackPrefix)) return new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${response.status}): ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}
