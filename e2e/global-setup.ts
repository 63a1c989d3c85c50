import { startTestServer } from './support/test-server';

/**
 * Once per run: seed a small store (seed 7, as of 2026-11-15) in a temp SLAB_DB, start the real
 * server on it (SLAB_AUTO_SEED=0, port 8797 unless SLAB_E2E_PORT). Tests read these from the
 * environment through e2e/fixtures.ts, whose workers each make a key of their own.
 */
export const E2E_PORT = Number(process.env.SLAB_E2E_PORT ?? 8797);

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startTestServer(E2E_PORT);
  process.env.SLAB_E2E_BASE_URL = server.baseUrl;
  process.env.SLAB_E2E_DB = server.dbPath;
  return server.stop;
}
