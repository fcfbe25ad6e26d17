import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. Only the SHA-256 of a token is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A readable random password for e-mails: 16 characters from an unambiguous alphabet of 56 (~93 bits),
 * each drawn uniformly by `randomInt` (a byte modulo 56 would favour the first 32 characters).
 */
export function newTemporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 16; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
