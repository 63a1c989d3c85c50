import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The tests' PostgreSQL (test-postgres-setup.ts): SLAB_TEST_PG_URL when set, otherwise the one
 * embedded server of the run, started on first use. `createTestDatabase()` makes a fresh database
 * with a unique name (one per test file, or per test), dropped by `drop()`.
 */
export interface TestDatabase {
  /** postgres:// URL of the new database. */
  url: string;
  drop(): Promise<void>;
}

let adminUrl: Promise<string> | null = null;

/** The admin URL of the tests' PostgreSQL server (starting the embedded one if need be). */
export function testPostgresAdminUrl(): Promise<string> {
  adminUrl ??= (async () => {
    const given = inject('slabTestPgUrl');
    if (given) return given;
    const broker = inject('slabTestPgBroker');
    if (!broker) throw new Error("no test PostgreSQL: run under vitest (the server project's globalSetup)");
    const response = await fetch(broker);
    const text = await response.text();
    if (!response.ok) throw new Error(text);
    return text;
  })();
  return adminUrl;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = await testPostgresAdminUrl();
  const name = `slab_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
