import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has safe defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenReuseGraceSeconds: 10,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('treats empty variables as unset and trims PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '', PUBLIC_URL: 'https://consultorio.example/' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://consultorio.example');
  });

  it('lists every bad variable with what it expects', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL_SECONDS: 'soon', JWT_SECRET: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be between 1 and 65535',
        expect.stringMatching(/^DATABASE_URL: must be a PostgreSQL URL/),
        expect.stringMatching(/^ACCESS_TOKEN_TTL_SECONDS: must be a whole number of seconds/),
        'JWT_SECRET: must be at least 32 characters',
      ]),
    );
  });

  it('parses ADMIN_EMAILS as a lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Example.com, ,b@c.d' }).adminEmails).toEqual(['ops@example.com', 'b@c.d']);
  });
});
