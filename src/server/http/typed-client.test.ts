import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeners } from './testing/listen';
import { createSeededStore, createTestApp, type SeededStore } from './testing/seeded-store';
import { REPO_ROOT } from './testing/server-process';

/**
 * docs/clients.md, run as a subscriber would: openapi-typescript generates types from the document
 * the server serves, the page's own client code (its two TypeScript blocks, as written) type-checks
 * against them with `strict`, and runs against the real server: its answers print, and the misspelt
 * parameter the page marks `@ts-expect-error` is refused by the server too.
 */
const listeners = createListeners();
let store: SeededStore;
let work: string;

beforeAll(() => {
  store = createSeededStore();
  // Inside the repository, so that the client resolves @types/node from its node_modules (.tmp is ignored).
  work = join(REPO_ROOT, '.tmp', `typed-client-${process.pid}`);
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await listeners.closeAll();
  store.cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** The ```ts blocks of docs/clients.md, in order. */
function clientBlocks(): string[] {
  const page = readFileSync(join(REPO_ROOT, 'docs', 'clients.md'), 'utf8');
  return [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });

/** A process that calls this test's server: spawned without blocking, or the server could not answer it. */
function runClient(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main.ts'], {
    cwd: work,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** `tsc --strict` on the client alone, as the subscriber's own project would compile it. */
const typeCheck = () =>
  run(join(REPO_ROOT, 'node_modules/.bin/tsc'), [
    '--ignoreConfig',
    '--noEmit',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--types',
    'node',
    'main.ts',
  ]);

describe('docs/clients.md: a typed client generated from /v1/openapi.json', () => {
  it('generates, type-checks with strict, runs against the server, and a typo fails both ways', async () => {
    const api = createTestApp(store);
    const baseUrl = `http://127.0.0.1:${await listeners.listen(api)}`;
    const key = await api.newKey('pro');
    writeFileSync(join(work, 'openapi.json'), await (await fetch(`${baseUrl}/v1/openapi.json`)).text());

    const generate = run(process.execPath, [
      '--import',
      join(REPO_ROOT, 'src/server/http/testing/typescript-api.mjs'),
      join(REPO_ROOT, 'node_modules/openapi-typescript/bin/cli.js'),
      'openapi.json',
      '-o',
      'slab-api.d.ts',
    ]);
    expect(generate.status, generate.stderr).toBe(0);
    const types = readFileSync(join(work, 'slab-api.d.ts'), 'utf8');
    expect(types).toContain('"/v1/value": {');
    expect(types).toContain('getUsage: {');

    const [client, usage] = clientBlocks();
    expect(client).toContain('export function slabClient');
    writeFileSync(join(work, 'package.json'), '{"type":"module"}\n');
    writeFileSync(join(work, 'slab-client.ts'), client as string);
    writeFileSync(
      join(work, 'main.ts'),
      `import { slabClient } from './slab-client.js';\n${(usage as string).replace("'https://api.example.com'", 'process.env.SLAB_URL ?? ""')}`,
    );

    const check = typeCheck();
    expect(check.stdout + check.stderr, "the page's client type-checks").toBe('');
    // Without the page's @ts-expect-error, the misspelt parameter is a compile error.
    writeFileSync(
      join(work, 'main.ts'),
      readFileSync(join(work, 'main.ts'), 'utf8').replace(/\/\/ @ts-expect-error.*\n/, ''),
    );
    const typo = typeCheck();
    expect(typo.stdout).toMatch(/main\.ts\(\d+,\d+\): error TS\d+: .*'grde'/);

    const floor = await (await api.get('/v1/floor?category=pokemon', key)).json();
    const ran = await runClient({ SLAB_URL: baseUrl, SLAB_KEY: key });
    const [medianLine, usageLine] = ran.stdout.split('\n');
    expect(medianLine).toBe(`${floor.data.categories[0].median} ${floor.meta.remaining - 1}`);
    expect(usageLine).toMatch(/^2 \[/); // the test's floor call and the client's
    expect(ran.stderr).toContain(
      '400 invalid_parameter: /v1/value has no parameter "grde": did you mean grade?',
    );
  });
});
