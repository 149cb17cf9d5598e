// GET /robots.txt and GET /sitemap.xml: what a search engine may crawl (the public profile pages, /p/{slug})
// and where they are. Both are written per request: the sitemap lists the profiles published at that
// moment (one published or hidden shows up or disappears at once), and both carry the origin the request
// came in on (or PUBLIC_URL), like the profile pages' canonical links. The rest of the site (the app, whose
// screens need a sign-in, the API, the personal appointment links under /turno/) is disallowed.
import type { FastifyInstance } from 'fastify';
import type { LinkOrigins } from '../../lib/link-origin.js';
import type { PublicProfileService } from './public-profile.service.js';

/** Crawlers' agreed cap on URLs per sitemap file (sitemaps.org); beyond it a sitemap index would be needed. */
const SITEMAP_MAX_URLS = 50_000;

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /p/',
    'Allow: /$',
    'Disallow: /api/',
    'Disallow: /turno/',
    'Disallow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string, pages: Array<{ slug: string; lastModified: string }>): string {
  const urls = pages
    .slice(0, SITEMAP_MAX_URLS)
    .map((page) => `  <url><loc>${xmlEscape(`${origin}/p/${encodeURIComponent(page.slug)}`)}</loc><lastmod>${xmlEscape(page.lastModified)}</lastmod></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export async function crawlerRoutes(app: FastifyInstance, options: { profiles: PublicProfileService; links: LinkOrigins }): Promise<void> {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(options.links.current())),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const pages = await options.profiles.publishedPages();
    return reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'no-cache').send(sitemapXml(options.links.current(), pages));
  });
}
