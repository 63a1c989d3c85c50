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

/**
 * `icuLocale` (such as `en-US`): the database's default collation is that ICU locale, as on most
 * production servers, instead of the server's (byte order, "C", for the embedded one); a server
 * without ICU gives its default instead.
 */
export async function createTestDatabase(options: { icuLocale?: string } = {}): Promise<TestDatabase> {
  const admin = await testPostgresAdminUrl();
  const name = `slab_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const create = `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`;
  if (options.icuLocale === undefined) await adminQuery(admin, create);
  else {
    const locale = options.icuLocale.replaceAll("'", '');
    await adminQuery(admin, `${create} LOCALE_PROVIDER icu ICU_LOCALE '${locale}'`).catch(() =>
      adminQuery(admin, create),
    );
  }
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
