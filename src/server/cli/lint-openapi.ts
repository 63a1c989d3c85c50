import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApiDocument } from '../http/openapi';

/**
 * `npm run lint:openapi`: writes the OpenAPI document the server serves (built from the endpoint
 * registry, no server needed) to a temp file, then lints it with Redocly CLI (recommended rules,
 * warnings as errors) and Spectral (spectral:oas, failing on a warning). Configs in .ci/.
 * Exits non-zero when either finds anything (docs/api.md, "OpenAPI linters").
 */
const root = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'slab-openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);

const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const run = (command: string, args: string[]) => {
  console.log(`$ ${[command.replace(`${root}/`, ''), ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    // No telemetry or update check: the linters run offline (only the npm registry is reachable).
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return result.status === 0;
};

let ok = false;
try {
  const redocly = run(bin('redocly'), ['lint', '--config', '.ci/redocly.yaml', file]);
  const spectral = run(bin('spectral'), [
    'lint',
    '--ruleset',
    '.ci/spectral.yaml',
    '--fail-severity',
    'warn',
    file,
  ]);
  ok = redocly && spectral;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!ok) {
  console.error('lint:openapi: the OpenAPI document has lint problems (above).');
  process.exit(1);
}
