/**
 * Migrated and seeded databases made once per test run (vitest globalSetup), copied for each server a test starts:
 * a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL. Migrating and seeding the demo takes seconds a
 * database (most of a test file's start on PostgreSQL); a copy takes milliseconds. Only the demo seed with the
 * default API base is kept: a server seeded any other way starts from an empty database as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../src/server/core/config';
import { setPasswordHashCost } from '../src/server/core/auth';
import { connect } from '../src/server/core/db';
import { migrate } from '../src/server/core/migrate';
import { seed } from '../src/server/domains/seed/index';

export interface DbTemplates {
  /** A closed SQLite file holding the demo. */
  sqlite?: string;
  /** Name of a PostgreSQL database holding the demo, next to DATABASE_URL's. */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/**
 * What of the environment the suite's servers follow (the rest is set by each test): the bcrypt cost `npm test`
 * lowers, so the templates' seeded passwords and the test servers' new ones are quick to check; and no refusal on
 * event-loop delay, which a suite running three files and a browser on two cores causes without any server being
 * overloaded (test/api/pressure.test.ts sets its own limits); and one process per server, the suite's cores being
 * taken already (test/e2e/workers.test.ts starts several).
 */
export const suiteEnv = (): Record<string, string> => ({
  PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '10',
  PRESSURE_MAX_DELAY: process.env.PRESSURE_MAX_DELAY ?? '0',
  WORKERS: process.env.WORKERS ?? '1',
});

/** The seed the templates hold: the one a server gets with these settings. */
export function seedsLikeTemplate(config: Pick<ServerConfig, 'demo' | 'adminPassword' | 'apiBase'>): boolean {
  const plain = loadConfig({});
  return config.demo && !config.adminPassword && config.apiBase === plain.apiBase;
}

/** Runs SQL on the server DATABASE_URL names, outside any test database. */
export async function pgAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL with another database name. */
export function pgUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrateAndSeed(config: ServerConfig): Promise<void> {
  setPasswordHashCost(config.passwordHashCost);
  const db = connect(config);
  try {
    await migrate(db);
    await seed(db, { demo: config.demo, adminPassword: config.adminPassword, apiBase: config.apiBase });
    // The statistics of the seeded rows, as a server's start would take them (core/migrate.ts): migrate analyzed the
    // tables empty, so every copy would analyze all of them again at its start (a third of a second of CPU a server).
    if (db.dialect === 'sqlite') await sql`PRAGMA optimize = 0x10002`.execute(db.kysely);
  } finally {
    await db.close();
  }
}

/** Makes the templates (PostgreSQL too when DATABASE_URL is set and asked); the returned function removes them. */
export async function makeTemplates(
  opts = { postgres: true },
): Promise<{ templates: DbTemplates; remove(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-template-'));
  const sqlite = path.join(dir, 'template.db');
  const base = loadConfig(suiteEnv(), { dataDir: dir, logger: false });
  const pgName =
    opts.postgres && process.env.DATABASE_URL ? `template_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const made = [migrateAndSeed({ ...base, sqliteFile: sqlite })];
  if (pgName) {
    await pgAdmin(`CREATE DATABASE ${pgName}`);
    made.push(migrateAndSeed({ ...base, databaseUrl: pgUrl(pgName) }));
  }
  await Promise.all(made);
  return {
    templates: { sqlite, postgres: pgName },
    async remove() {
      if (pgName) await pgAdmin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
