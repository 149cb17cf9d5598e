// Password hashing with scrypt (RFC 7914) from node:crypto: memory-hard, no native addon to build.
// Parameters follow OWASP's password storage cheat sheet (N=2^17, r=8, p=1, 64-byte key).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Default cost 2^17; tests lower it through PASSWORD_HASH_COST_LOG2 (stored per hash, so old hashes still verify). */
export const DEFAULT_COST_LOG2 = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
// scrypt needs 128·N·r bytes; leave headroom over that.
const MAX_MEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts) so parameters can change without breaking old hashes. */
export async function hashPassword(password: string, costLog2 = DEFAULT_COST_LOG2): Promise<string> {
  const N = 2 ** costLog2;
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the email is unknown, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(costLog2 = DEFAULT_COST_LOG2): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password', costLog2);
  return dummyHash;
}
