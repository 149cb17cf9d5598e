// What the web app must know of this server's configuration before anyone signs in (no secrets):
// the map-tile template, so the tiles it asks for are exactly the ones the CSP allows, and the error-reporting
// DSN (public by design) when one is configured, and the single sign-on button's label when SSO is on.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '@almendra/contracts';

export async function clientConfigRoutes(
  app: FastifyInstance,
  options: { mapTileUrl: string | null; sso?: { label: string } | null; errorReporting?: { dsn: string; environment: string; tracesSampleRate: number; release: string } | null },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/client-config',
    { schema: { tags: ['health'], description: 'Public settings the web app reads at start (no session needed).', response: { 200: clientConfigSchema } } },
    async () => ({ mapTileUrl: options.mapTileUrl, errorReporting: options.errorReporting ?? null, sso: options.sso ?? null }),
  );
}
