import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { builtServerArgs } from './built-server';

/**
 * The server's start on a seeded store, as `npm start` runs it after the build (the bundle of
 * main.ts, built-server.ts): milliseconds from spawn to its `listening` log line, and to the end of the integrity
 * check begun at start (docs/operations.md, "Store faults"), which goes on after listening.
 */
export type ServerStart = { listeningMs: number; checkedMs: number };

export async function measureServerStart(store: string): Promise<ServerStart> {
  const root = join(import.meta.dirname, '..', '..');
  const started = performance.now();
  const child = spawn(process.execPath, builtServerArgs(root), {
    cwd: root,
    env: {
      ...process.env,
      SLAB_DB: store,
      PORT: '0',
      HOST: '127.0.0.1',
      SLAB_DEMO: '0',
      SLAB_AUTO_SEED: '0',
      LOG_LEVEL: 'debug',
      SLAB_WEB_DIST: join(root, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    return await new Promise<ServerStart>((done, fail) => {
      let listeningMs: number | null = null;
      const timer = setTimeout(
        () => fail(new Error('the server did not start and check its store in 120 s')),
        120_000,
      );
      createInterface({ input: child.stdout }).on('line', (line) => {
        const msg = (JSON.parse(line) as { msg?: string }).msg;
        if (msg === 'listening') listeningMs = performance.now() - started;
        if (msg === 'integrity check failed') fail(new Error(`the bench store is damaged: ${line}`));
        if (msg === 'integrity check passed' && listeningMs !== null) {
          clearTimeout(timer);
          done({ listeningMs, checkedMs: performance.now() - started });
        }
      });
      child.once('exit', (code) => fail(new Error(`the server exited with ${code} before its check ended`)));
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('close', done));
  }
}
