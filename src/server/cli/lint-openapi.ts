import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApiDocument } from '../http/openapi';

/**
 * `npm run lint:openapi`: writes the OpenAPI documents the server serves, with and without demo
 * mode (built from the endpoint registry: no server needed), to temp files, then lints them with
 * Redocly CLI (recommended rules, warnings as errors) and Spectral (spectral:oas, failing on a
 * warning). Configs in .ci/. Exits non-zero when either finds anything (docs/api.md, "OpenAPI
 * document and its linters").
 */
const root = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'slab-openapi-'));
// Both documents the server can serve: in demo mode (with /v1/demo-key) and not.
const files = [
  [join(dir, 'openapi.json'), openApiDocument()],
  [join(dir, 'openapi-no-demo.json'), openApiDocument({ demoKey: false })],
].map(([file, document]) => {
  writeFileSync(file as string, `${JSON.stringify(document, null, 2)}\n`);
  return file as string;
});

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
  const redocly = run(bin('redocly'), ['lint', '--config', '.ci/redocly.yaml', ...files]);
  const spectral = run(bin('spectral'), [
    'lint',
    '--ruleset',
    '.ci/spectral.yaml',
    '--fail-severity',
    'warn',
    ...files,
  ]);
  ok = redocly && spectral;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!ok) {
  console.error('lint:openapi: the OpenAPI document has lint problems (above).');
  process.exit(1);
}
