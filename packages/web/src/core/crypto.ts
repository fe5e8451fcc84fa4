/**
 * Client-side encryption of secrets (specification section 7): RSA-OAEP with SHA-256 over
 * `value|timestampMillis` with the tenant's public key, base64 in 64-character lines. The server
 * refuses old or replayed ciphertexts, so a captured request cannot be sent again.
 */
import { request } from './api.ts';
import { t } from './i18n.ts';
import { SESSION_KEYS, session } from './storage.ts';

/** Thrown when the browser cannot encrypt; its message is meant for the page. */
export class EncryptionUnavailableError extends Error {}

/** WebCrypto exists only in secure contexts (https, localhost). */
export function canEncrypt(): boolean {
  return typeof crypto !== 'undefined' && !!crypto.subtle;
}

let pending: Promise<string | null> | null = null;
/** The imported key, kept while the PEM stays the same (importing costs a few milliseconds). */
let imported: { pem: string; key: Promise<CryptoKey> } | null = null;

/** Fetches the PEM once per browser session; failure is only logged (section 7). */
export function loadPublicKey(): Promise<string | null> {
  const cached = session.get(SESSION_KEYS.publicKey);
  if (cached) return Promise.resolve(cached);
  pending ??= request<string>('/config/getPublicKey', { method: 'POST', silent: true }).then((res) => {
    pending = null;
    if (res.ok && typeof res.data === 'string' && res.data.includes('BEGIN PUBLIC KEY')) {
      session.set(SESSION_KEYS.publicKey, res.data);
      return res.data;
    }
    console.error('Could not load the public key:', res.code, res.message);
    return null;
  });
  return pending;
}

/** After the server says it could not read a ciphertext, the key may have been rotated. */
export function forgetPublicKey(): void {
  session.remove(SESSION_KEYS.publicKey);
  imported = null;
}

function importKey(pem: string): Promise<CryptoKey> {
  if (imported?.pem !== pem) {
    const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
    const der = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const key = crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    imported = { pem, key };
  }
  return imported.key;
}

function toBase64Lines(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return (btoa(binary).match(/.{1,64}/g) ?? []).join('\n');
}

export async function encrypt(value: string): Promise<string> {
  if (value === '') return value;
  if (!canEncrypt()) throw new EncryptionUnavailableError(t('errors.insecureContext'));
  const pem = await loadPublicKey();
  if (!pem) throw new EncryptionUnavailableError(t('errors.publicKey'));
  try {
    const key = await importKey(pem);
    const plain = new TextEncoder().encode(`${value}|${Date.now()}`);
    return toBase64Lines(new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain)));
  } catch (error) {
    // A bad cached key or a value too long for one RSA block; a fresh key may help next time.
    console.error('Encryption failed:', error);
    forgetPublicKey();
    throw new EncryptionUnavailableError(t('errors.encrypt'));
  }
}
