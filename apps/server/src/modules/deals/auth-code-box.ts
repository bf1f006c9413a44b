import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authorisation (EPP) codes are kept encrypted (AES-256-GCM, a key derived from the server's
 * secret), so a database dump, a log line or an audit row never shows one in clear; only the
 * buyer's request for it decrypts it.
 */
export interface AuthCodeBox {
  seal(code: string): string;
  open(sealed: string): string;
}

export function createAuthCodeBox(secret: string): AuthCodeBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'domain-market', 'auth-code', 32));
  return {
    seal(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed authorisation code');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
