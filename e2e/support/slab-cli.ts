import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The project's own command-line tools (`npm run seed`, `npm run keys`), run against a given store,
 * exactly as an operator would. Used by the e2e global setup, the fixtures and the web bench.
 */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

export interface CreatedKey {
  key: string;
  id: string;
  tier: string;
}

function runTsx(script: string, args: string[], dbPath: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SLAB_DB: dbPath, LOG_LEVEL: 'error' },
    encoding: 'utf8',
    timeout: 300_000, // the full demo market takes over a minute on a loaded machine
  });
  if (run.status !== 0) {
    throw new Error(`${script} ${args.join(' ')} failed (${run.status}): ${run.stderr || run.stdout}`);
  }
  return run.stdout;
}

export const SEED = { scale: 'small', seed: '7', asOf: '2026-11-15' } as const;

/** The e2e market (small), or the full demo market a first-time visitor of the demo sees. */
export function seedStore(dbPath: string, scale: 'small' | 'full' = SEED.scale): void {
  runTsx('src/server/cli/seed.ts', ['--scale', scale, '--seed', SEED.seed, '--as-of', SEED.asOf], dbPath);
}

export function createKey(
  dbPath: string,
  tier: 'free' | 'pro' | 'business' = 'pro',
  label = 'e2e',
): CreatedKey {
  const out = runTsx(
    'src/server/cli/keys.ts',
    ['create', '--tier', tier, '--label', label, '--json'],
    dbPath,
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as CreatedKey;
}

export function revokeKey(dbPath: string, id: string): void {
  runTsx('src/server/cli/keys.ts', ['revoke', id], dbPath);
}
