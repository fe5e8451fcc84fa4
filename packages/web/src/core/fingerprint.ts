/**
 * The device fingerprint header: a random id made once per browser and kept in localStorage
 * under `Client` (specification section 9). crypto.getRandomValues works on plain http too,
 * unlike crypto.randomUUID, so the login page works before HTTPS is set up.
 */
import { LOCAL_KEYS, local } from './storage.ts';

let cached: string | null = null;

export function deviceFingerprint(): string {
  if (cached) return cached;
  let id = local.get(LOCAL_KEYS.client);
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    local.set(LOCAL_KEYS.client, id);
  }
  cached = id;
  return id;
}
