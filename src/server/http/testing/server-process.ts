import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** The repository's root, where the server's and the CLIs' scripts are run from. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/** A real server process (`src/server/main.ts`) the tests started. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every line of its JSON log (stdout). */
  lines: string[];
  exited: Promise<number | null>;
}

/** How a test runs the server: its sources through tsx (the default), or `npm start`'s bundle. */
export const FROM_SOURCES = ['--import', 'tsx', 'src/server/main.ts'];
export const FROM_BUNDLE = ['--enable-source-maps', 'dist/server/main.mjs'];

/**
 * Starts the server (`args`, from the repository's root) with `env` and resolves once it logs `listening` (its URL), or fails
 * with what it wrote if it exits or takes over `timeoutMs`. The caller kills it (SIGKILL in an
 * afterEach, or SIGTERM to test a shutdown).
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
  args: readonly string[] = FROM_SOURCES,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env });
  const lines: string[] = [];
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return new Promise<ServerProcess>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${lines.join('\n')}`)), timeoutMs);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const entry = JSON.parse(line);
      if (entry.msg === 'listening') {
        clearTimeout(timer);
        done({ url: entry.url, child, lines, exited });
      }
    });
    child.on('exit', () => fail(new Error(`server exited: ${lines.join('\n')}`)));
  });
}
