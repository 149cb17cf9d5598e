import { beforeEach, describe, expect, it } from 'vitest';
import { applyAppManifest, audienceOf } from './app-manifest';

describe('the installable app a page belongs to', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest" /><meta name="apple-mobile-web-app-title" content="Almendra" />';
  });

  it('is the portal for /portal and its sub-paths only', () => {
    expect(audienceOf('/portal')).toBe('portal');
    expect(audienceOf('/portal/aceptar')).toBe('portal');
    expect(audienceOf('/portales')).toBe('professional');
    expect(audienceOf('/inicio')).toBe('professional');
    expect(audienceOf('/login')).toBe('professional');
  });

  it('links the portal manifest on a portal page and the professional one again after leaving it', () => {
    applyAppManifest('/portal');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/portal/manifest.webmanifest');
    expect(document.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content')).toBe('Mi nutrición');
    applyAppManifest('/login');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest');
    expect(document.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content')).toBe('Almendra');
  });
});
