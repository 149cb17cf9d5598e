// Password hashing with argon2id, OWASP's first recommendation (Password Storage Cheat Sheet:
// m = 19 MiB, t = 2, p = 1), through @node-rs/argon2, a maintained native binding whose prebuilt
// binary ships inside its npm package (no download or compile step). Hashes written by earlier
// versions with scrypt (RFC 7914, `scrypt$N$r$p$salt$hash`) still verify, and the sign-in upgrades
// them (see passwordNeedsRehash).
import { scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet, argon2id first option: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The package's `Algorithm` is an ambient const enum, which verbatimModuleSyntax cannot read: 2 is Argon2id.
const ARGON2ID = 2;

const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMETERS.memoryCost},t=${ARGON2_PARAMETERS.timeCost},p=${ARGON2_PARAMETERS.parallelism}$`;

/** Returns the PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), which carries its own parameters. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), { ...ARGON2_PARAMETERS, algorithm: ARGON2ID });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalized = password.normalize('NFKC');
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, normalized);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  }
  if (stored.startsWith('scrypt$')) return verifyLegacyScrypt(normalized, stored);
  return false;
}

/** True for hashes not written with today's algorithm and parameters: the next sign-in rewrites them. */
export function passwordNeedsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

// scrypt needs 128·N·r bytes; leave headroom over that for the 2^17 cost earlier versions used.
const SCRYPT_MAX_MEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltText, keyText] = stored.split('$');
  if (!n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT_MAX_MEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the email is unknown, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
