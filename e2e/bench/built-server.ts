import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The server as `npm start` runs it: `npm run build:server` (esbuild, about 0.1 s) once per bench
 * process, then `node --enable-source-maps dist/server/main.mjs`. Returns the arguments to spawn
 * `process.execPath` with, from the checkout's root.
 */
let built = false;
export function builtServerArgs(root: string): string[] {
  if (!built) {
    execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
    built = true;
  }
  return ['--enable-source-maps', join(root, 'dist', 'server', 'main.mjs')];
}
