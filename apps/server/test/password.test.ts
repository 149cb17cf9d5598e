// Password storage: argon2id at OWASP's parameters, and scrypt hashes of earlier versions upgraded at sign-in.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '../src/lib/password.js';
import { createTestApp, newRegistration, type TestApp } from './helpers.js';

/** A hash in the exact format earlier versions wrote (`scrypt$N$r$p$salt$key`, base64url parts). */
function legacyScryptHash(password: string): string {
  const N = 2 ** 12;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('lib/password', () => {
  it('hashes with argon2id, m = 19 MiB, t = 2, p = 1, and verifies only the right password', async () => {
    const stored = await hashPassword('clave-segura-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('clave-segura-1', stored)).toBe(true);
    expect(await verifyPassword('clave-segura-2', stored)).toBe(false);
    expect(passwordNeedsRehash(stored)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password (NFKC)', async () => {
    const stored = await hashPassword('contrase\u00f1a-1');
    expect(await verifyPassword('contrasen\u0303a-1', stored)).toBe(true);
  });

  it('still verifies scrypt hashes of earlier versions and marks them for rehashing', async () => {
    const legacy = legacyScryptHash('clave-vieja-1');
    expect(await verifyPassword('clave-vieja-1', legacy)).toBe(true);
    expect(await verifyPassword('clave-vieja-2', legacy)).toBe(false);
    expect(passwordNeedsRehash(legacy)).toBe(true);
    expect(passwordNeedsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('never accepts a malformed or unknown stored hash', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$roto')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$algo')).toBe(false);
  });
});

describe('sign-in upgrades an old scrypt hash to argon2id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with the old hash, rewrites it, and the password keeps working', async () => {
    const registration = newRegistration();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: registration })).statusCode).toBe(201);
    const email = registration.email.trim().toLowerCase();
    await t.database.db.updateTable('users').set({ password_hash: legacyScryptHash(registration.password) }).where('email', '=', email).execute();

    const login = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: registration.password } });
    expect((await login()).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login()).statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'otra-clave-mala' } });
    expect(wrong.statusCode).toBe(401);
  });
});
