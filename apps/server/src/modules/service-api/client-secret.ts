import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Service API client secrets are revealable on request (the API token page), so they are stored encrypted rather
 * than hashed: AES-256-GCM with a key derived (HKDF-SHA256) from AUTH_SECRET. A database leak alone does not leak
 * usable secrets. Format: base64url(iv).base64url(tag).base64url(ciphertext).
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Constant-time comparison of a presented secret with a sealed one. */
  matches(presented: string, sealed: string): boolean;
}

export function createSecretBox(authSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', authSecret, 'herald-service-secrets', 'client-secret-v1', 32),
  );
  const decrypt = (sealed: string): string => {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('malformed sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  };
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
    },
    decrypt,
    matches(presented, sealed) {
      const expected = Buffer.from(decrypt(sealed), 'utf8');
      const given = Buffer.from(presented, 'utf8');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** A new client secret: 32 random bytes, base64url (43 characters). */
export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A new client id: `svc_` and 20 random hex characters. */
export function generateClientId(): string {
  return `svc_${randomBytes(10).toString('hex')}`;
}
