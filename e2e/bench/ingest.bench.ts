/**
 * `npm run bench -- ingest`: what a file with one huge record costs an ingest. Three 80 MB files
 * (a CSV whose one row is 80 MB, an NDJSON file of one 80 MB line, a CSV of 80 MB without a line
 * end) are each ingested into a fresh store in a process of its own (ingest-memory.ts): each must
 * be refused naming its line, with the peak RSS of that process under 150 MB.
 *
 * Writes its markdown section to SLAB_BENCH_OUT.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const MB = 2 ** 20;
const SIZE = 80 * MB;
const RSS_TARGET = 150;
const dir = mkdtempSync(join(tmpdir(), 'slab-ingest-bench-'));
const loadAtStart = loadavg()[0] as number;
const huge = 'x'.repeat(SIZE);
const files: Array<[string, string, string]> = [
  [
    'CSV, one 80 MB row',
    'one-row.csv',
    `source_id,sold_at,category,label,title,grade,price\na,2026-07-01,pokemon,Base Set,${huge},PSA 10,10\n`,
  ],
  ['NDJSON, one 80 MB line', 'one-line.ndjson', `{"source_id":"a","title":"${huge}"}\n`],
  ['CSV, 80 MB without a line end', 'no-line-end.csv', huge],
];

const rows: string[] = [];
let failed = false;
for (const [what, name, content] of files) {
  const path = join(dir, name);
  writeFileSync(path, content);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'ingest-memory.ts'), path, join(dir, `${name}.db`)],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`ingest of ${name} failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as {
    added: number;
    seconds: number;
    rssBefore: number;
    rssPeak: number;
    firstError: string | null;
  };
  const refused = result.added === 0 && result.firstError !== null && /over 1 MB/.test(result.firstError);
  const met = refused && result.rssPeak < RSS_TARGET;
  if (!met) failed = true;
  console.log(`${what}: ${JSON.stringify(result)}`);
  rows.push(
    `| ${what} | ${result.firstError ?? 'accepted'} | ${result.seconds.toFixed(2)} s | ${result.rssBefore.toFixed(0)} MB / ${result.rssPeak.toFixed(0)} MB | < ${RSS_TARGET} MB, refused: ${met ? 'met' : '**missed**'} |`,
  );
}
rmSync(dir, { recursive: true, force: true });

const lines = [
  '## Ingest of a file with one huge record',
  '',
  `\`npm run bench -- ingest\` (e2e/bench/ingest.bench.ts). Each file is ingested into a fresh SQLite store in a process of its own (e2e/bench/ingest-memory.ts; RSS sampled every 50 ms, "before" is the process with its modules loaded). A record over 1 MB is refused with its line without being held whole. Machine: ${cpus().length} cores shared with other work; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end.`,
  '',
  '| file | refused with | time | RSS before / peak | target |',
  '|---|---|---|---|---|',
  ...rows,
];
const out = process.env.SLAB_BENCH_OUT;
if (out) writeFileSync(out, `${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);
