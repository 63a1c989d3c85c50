import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startTestPostgres, type TestPostgresServer } from './test-postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SLAB_TEST_PG_URL, when set: the admin URL of the tests' PostgreSQL server. */
    slabTestPgUrl: string;
    /** Otherwise: where a test file asks this process for the embedded server's admin URL. */
    slabTestPgBroker: string;
  }
}

/**
 * vitest globalSetup of the server project: the tests' PostgreSQL server. With SLAB_TEST_PG_URL
 * set, that server. Otherwise one embedded PostgreSQL for the whole run, started lazily: the first
 * test file that calls createTestDatabase() (test-postgres.ts) asks this process for it over a
 * loopback HTTP call, so a run without a PostgreSQL test starts nothing (start-up is about 0.6 s
 * here); it is stopped, and its directory removed, at teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.SLAB_TEST_PG_URL;
  if (given) {
    project.provide('slabTestPgUrl', given);
    project.provide('slabTestPgBroker', '');
    return async () => {};
  }
  let started: Promise<TestPostgresServer> | null = null;
  const broker = createServer((request, response) => {
    started ??= startTestPostgres();
    started.then(
      (server) => response.writeHead(200, { 'content-type': 'text/plain' }).end(server.url),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
    request.resume();
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const { port } = broker.address() as AddressInfo;
  project.provide('slabTestPgUrl', '');
  project.provide('slabTestPgBroker', `http://127.0.0.1:${port}/`);
  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    if (started) await (await started.catch(() => null))?.stop();
  };
}
