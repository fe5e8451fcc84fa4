/**
 * Opens the SQL store named by DATABASE_URL: SQLite through better-sqlite3 (the default, one file)
 * or PostgreSQL through pg. Both speak through the same Kysely queries.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDb(url: string): Db {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const database = new SQLite(file);
    // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function openMigratedDb(url: string): Promise<Db> {
  const db = openDb(url);
  await migrateToLatest(db);
  return db;
}

export type { Database } from './schema.ts';
