/**
 * `npm run bench`: runs every `*.bench.ts` beside this file, one after another (the machine has
 * two cores; benches must not compete), each writing its section to docs/bench/<name>.md, then
 * joins the sections into docs/benchmarks.md. `npm run bench -- store http` runs only those.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const sectionsDir = join(root, 'docs', 'bench');
const only = process.argv.slice(2);

const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort()
  .filter((file) => only.length === 0 || only.includes(basename(file, '.bench.ts')));

let failed = 0;
for (const file of benches) {
  console.log(`\n== bench: ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SLAB_BENCH_OUT: join(sectionsDir, `${basename(file, '.bench.ts')}.md`) },
  });
  if (run.status !== 0) {
    failed += 1;
    console.error(`bench ${file} failed with exit code ${run.status}`);
  }
}

const sections = existsSync(sectionsDir)
  ? readdirSync(sectionsDir)
      .filter((file) => file.endsWith('.md'))
      .sort()
      .map((file) => readFileSync(join(sectionsDir, file), 'utf8').trim())
  : [];
const header = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (sections in `docs/bench/`, one per `e2e/bench/*.bench.ts`).',
  `Machine of the last run: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}),`,
  `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Shared machines are noisy: rerun before trusting a`,
  'figure near its target.',
  '',
].join('\n');
writeFileSync(join(root, 'docs', 'benchmarks.md'), `${header}\n${sections.join('\n\n')}\n`);
console.log(`\nwrote docs/benchmarks.md (${sections.length} sections)`);
process.exit(failed === 0 ? 0 : 1);
