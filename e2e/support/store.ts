/**
 * The e2e server's short-lived state (its SQLite `ephemeral` table), for what only time would do
 * otherwise: a test lets entries lapse as their lifetime would.
 */
import Database from 'better-sqlite3';
import type { RunningServer } from './server.ts';

/** Ends the life of every entry whose key is LIKE `pattern`, as if its lifetime had passed. */
export function expireEphemeral(server: RunningServer, pattern: string): number {
  const db = new Database(server.databaseUrl.slice('sqlite:'.length));
  try {
    return db.prepare('UPDATE ephemeral SET expires_at = 0 WHERE k LIKE ?').run(pattern).changes;
  } finally {
    db.close();
  }
}
