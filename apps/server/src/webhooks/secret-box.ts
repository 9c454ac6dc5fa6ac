import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A webhook's signing secret must be usable to sign (Standard Webhooks: HMAC-SHA256), so it cannot be hashed. It is
 *  kept sealed with AES-256-GCM under a key derived (HKDF) from the server's JWT secret: a copy of the database alone
 *  (a backup, a dump) does not give the secrets away. It is shown once, when made (creation, rotation). */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `whsec_` + 32 random bytes in base64, the form the standardwebhooks libraries take. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

function keyOf(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'windscope', 'webhook-signing-secrets v1', 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(serverSecret: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret again; throws when the box was sealed under another server secret (JWT_SECRET changed: rotate). */
export function openSecret(serverSecret: Uint8Array, box: string): string {
  const [version, iv, tag, sealed] = box.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('webhook secret box not readable');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
