/**
 * One ingest in a process of its own, for the store bench: `node --import tsx ingest-memory.ts
 * FILE DB` ingests the sales file (CSV or NDJSON) into the store at DB and prints `{added, seconds,
 * rssBefore, rssPeak, firstError}` (MB; the first bad row as `LINE: reason`, or null) as JSON. Its own process, so the RSS is the ingest's, not what the bench process
 * allocated before it (the seeded market, the sale columns, thousands of analytics calls).
 */

import { derivedComputation } from '../../src/server/analytics/derived/derived-computation';
import { openDatabase } from '../../src/server/store/sqlite/database';
import { ingestFile } from '../../src/server/store/sqlite/sqlite-ingest';

const [csvPath, dbPath] = process.argv.slice(2) as [string, string];
const rss = () => process.memoryUsage().rss / 2 ** 20;
const db = openDatabase(dbPath);
const rssBefore = rss();
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, rss());
}, 50);
const started = performance.now();
const { added, errors } = await ingestFile(db, derivedComputation, 'sales', csvPath);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
rssPeak = Math.max(rssPeak, rss());
db.close();
const firstError = errors[0] === undefined ? null : `${errors[0].line}: ${errors[0].reason}`;
console.log(JSON.stringify({ added, seconds, rssBefore, rssPeak, firstError }));
