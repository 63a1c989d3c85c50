/**
 * `npm run ingest -- sales FILE` / `listings FILE` / `population FILE`: imports a CSV or NDJSON file
 * (docs/ingest.md) into the store at SLAB_DB, all or nothing. Every bad row is printed with its
 * line number and reason, and the exit code is 1; nothing is changed then.
 */
import { existsSync, statSync } from 'node:fs';
import { loadConfig } from '../config';
import { isIngestKind } from '../ingest/ingest-kind';
import { asStoreError } from '../store/sqlite/database';
import { StoreError } from '../store/store-error';
import { stopQuietlyWhenOutputCloses } from './closed-output';
import { openStoreOrSay } from './open-store';

const USAGE =
  'usage: npm run ingest -- sales FILE | listings FILE | population FILE   (CSV or NDJSON, see docs/ingest.md)';

async function main(): Promise<number> {
  const [kind, path, ...rest] = process.argv.slice(2);
  if (kind === undefined || path === undefined || rest.length > 0 || !isIngestKind(kind)) {
    console.error(USAGE);
    return 2;
  }
  if (!existsSync(path) || !statSync(path).isFile()) {
    console.error(`ingest: no file at ${path}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  const store = await openStoreOrSay(config.SLAB_DB);
  if (store === null) return 1;
  try {
    const result = await store.ingestFile(kind, path, {
      onBadRow: (bad) => console.error(`${path}:${bad.line}: ${bad.reason}`),
    });
    if (result.badRows > 0) {
      console.error(
        `ingest: ${result.badRows.toLocaleString('en-US')} bad row${result.badRows === 1 ? '' : 's'} in ${path}; nothing was imported. Fix them and run again.`,
      );
      return 1;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const count = (n: number) => n.toLocaleString('en-US');
    if (kind === 'population') {
      console.log(
        `ingest: ${count(result.rows)} population rows read (${result.format}), ${count(result.added)} stored, ${count(result.alreadyPresent)} unchanged or older than the stored report in ${seconds} s.`,
      );
      console.log(
        result.dataVersion === null
          ? 'nothing new: the store is unchanged.'
          : `data version ${result.dataVersion}.`,
      );
      return 0;
    }
    const parts = [
      `${count(result.rows)} ${kind} rows read (${result.format})`,
      `${count(result.added)} added`,
      `${count(result.alreadyPresent)} already present`,
      ...(kind === 'listings' ? [`${count(result.ended)} marked ended`] : []),
      `${count(result.newCards)} new cards`,
    ];
    console.log(`ingest: ${parts.join(', ')} in ${seconds} s.`);
    if (result.rebuilt) {
      const asOf =
        result.rebuilt.asOfMs === null ? 'no sales' : new Date(result.rebuilt.asOfMs).toISOString();
      console.log(
        `derived tables rebuilt: as of ${asOf}, latest snapshot ${result.rebuilt.snapshotDate ?? 'none'}, data version ${result.rebuilt.dataVersion}.`,
      );
    } else {
      console.log('nothing new: the store is unchanged.');
    }
    return 0;
  } catch (error) {
    const failure = asStoreError(error, config.SLAB_DB);
    console.error(
      failure instanceof StoreError ? failure.message : `ingest failed: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await store.close();
  }
}

stopQuietlyWhenOutputCloses();
main().then((code) => {
  process.exitCode = code;
});
