import { checkedRecords, type IngestOptions, type IngestResult, startIngest } from '../../ingest/ingest-file';
import type { IngestKind } from '../../ingest/ingest-kind';
import { POPULATION_UPSERT, readPopulationFile } from '../../ingest/population-file';
import type { DerivedComputation } from '../derived-tables';
import type { Db } from './database';
import { rebuildDerived } from './rebuild-derived';
import { readMarketState, recordDataOrigin, writeMarketState } from './sqlite-market-meta';
import { type IngestStaging, openStaging } from './staging';

/**
 * Imports a sales or listings file, all or nothing. Rows stream through validation into a
 * connection-private staging table (bounded memory; duplicate source_ids inside the file caught by
 * its key). Any bad row: nothing changes and every bad row is reported. Otherwise one write
 * transaction adds the new cards and the rows whose source_id the store lacks, and rebuilds the
 * derived tables (computed by `derive`), so readers in other processes see the old data or the new,
 * never a mix.
 */
export async function ingestFile(
  db: Db,
  derive: DerivedComputation,
  kind: IngestKind,
  path: string,
  options: IngestOptions = {},
): Promise<IngestResult> {
  if (kind === 'population') return ingestPopulation(db, path, options);
  const { result, reportBad } = await startIngest(kind, path, options);

  const staging: IngestStaging = openStaging(db, kind);
  try {
    for await (const record of checkedRecords(kind, path, result, options)) {
      const reasons = record.error === undefined ? record.reasons : [record.error];
      if (record.sourceId !== null) {
        const firstLine = staging.add(record.line, record.sourceId, record.row);
        if (firstLine !== null)
          reasons.push(`duplicate source_id "${record.sourceId}" (first on line ${firstLine})`);
      }
      if (reasons.length > 0) reportBad({ line: record.line, reason: reasons.join('; ') });
    }
    result.errors.sort((a, b) => a.line - b.line);
    if (result.badRows > 0) return result;
    staging.finish();

    const applied = db
      .transaction(() => {
        const merged = staging.merge();
        if (merged.added + merged.ended > 0) recordDataOrigin(db, 'ingest');
        const rebuilt = merged.added + merged.ended > 0 ? rebuildDerived(db, derive) : null;
        return { ...merged, rebuilt };
      })
      .immediate();
    result.added = applied.added;
    result.alreadyPresent = applied.alreadyPresent;
    result.ended = applied.ended;
    result.newCards = applied.newCards;
    result.rebuilt = applied.rebuilt;
    result.dataVersion = applied.rebuilt?.dataVersion ?? null;
    return result;
  } finally {
    staging.drop();
  }
}

/**
 * Imports a population report, all or nothing: each count replaces the stored one of its title and
 * grade unless the stored report is newer (a count the store already has changes nothing). A change bumps the data version (answers cached before
 * it are stale), in one write transaction.
 */
async function ingestPopulation(db: Db, path: string, options: IngestOptions): Promise<IngestResult> {
  const { result, rows } = await readPopulationFile(path, options);
  if (result.badRows > 0) return result;
  const upsert = db.prepare(
    `INSERT INTO population (title_key, grade, grader, category, label, title, population, as_of)
     VALUES (@titleKey, @grade, @grader, @category, @label, @title, @population, @asOf)
     ${POPULATION_UPSERT}`,
  );
  const applied = db
    .transaction(() => {
      let stored = 0;
      for (const row of rows) stored += upsert.run(row).changes;
      return { stored, dataVersion: stored === 0 ? null : writeMarketState(db, readMarketState(db)) };
    })
    .immediate();
  result.added = applied.stored;
  result.alreadyPresent = rows.length - applied.stored;
  result.dataVersion = applied.dataVersion;
  return result;
}
