import { type IngestOptions, type IngestResult, sourceIdOf, startIngest } from '../../ingest/ingest-file';
import { INGEST_COLUMNS, type IngestKind } from '../../ingest/ingest-kind';
import { importTimeLimits } from '../../ingest/parse-time';
import { readRecords } from '../../ingest/read-records';
import { validateRow } from '../../ingest/validate-row';
import type { DerivedComputation } from '../derived-tables';
import type { Db } from './database';
import { rebuildDerived } from './rebuild-derived';
import { recordDataOrigin } from './sqlite-market-meta';
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
  const limits = importTimeLimits(options.now ?? Date.now());
  const { result, reportBad } = await startIngest(kind, path, options);

  const staging: IngestStaging = openStaging(db, kind);
  try {
    for await (const item of readRecords(path, result.format, INGEST_COLUMNS[kind])) {
      if ('error' in item) {
        reportBad({ line: item.line, reason: item.error });
        if (item.fatal) break;
        continue;
      }
      result.rows += 1;
      const check = validateRow(kind, item.record, limits);
      const reasons = check.ok ? [] : [...check.reasons];
      const sourceId = check.ok ? check.row.sourceId : sourceIdOf(item.record);
      if (sourceId !== null) {
        const firstLine = staging.add(item.line, sourceId, check.ok ? check.row : null);
        if (firstLine !== null)
          reasons.push(`duplicate source_id "${sourceId}" (first on line ${firstLine})`);
      }
      if (reasons.length > 0) reportBad({ line: item.line, reason: reasons.join('; ') });
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
    return result;
  } finally {
    staging.drop();
  }
}
