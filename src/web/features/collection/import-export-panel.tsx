import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { useApiConnection } from '../../lib/api/use-api-connection';
import type { CollectionDraft, CollectionItem } from '../../lib/collection/collection-item';
import { addItems, replaceItems } from '../../lib/collection/collection-store';
import { csvFileName } from '../../lib/csv-file';
import { formatInteger, plural } from '../../lib/format';
import {
  COLLECTION_CSV_HEADER,
  collectionCsv,
  type ParsedRow,
  parseCollectionCsv,
  type RowProblem,
} from './collection-csv';
import { checkRowTitles } from './import-check';
import { todayUtc } from './item-fields';

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; done: number; total: number }
  | { kind: 'problems'; good: ParsedRow[]; problems: RowProblem[]; replace: boolean }
  | { kind: 'done'; imported: number };

/**
 * Export the collection as CSV; import one. An import is checked whole first (each row's fields,
 * then each title against the API, with a progress bar), and imports nothing until it is clean, or
 * exactly the good rows once the user confirms.
 */
export function ImportExportPanel({ items }: { items: readonly CollectionItem[] }) {
  const api = useApiConnection();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [replace, setReplace] = useState(false);
  const store = (rows: readonly ParsedRow[], replacing: boolean) =>
    (replacing ? replaceItems : (drafts: CollectionDraft[]) => addItems(drafts, { merge: false }))(
      rows.map((row) => row.draft),
    ).then(() => setStage({ kind: 'done', imported: rows.length }));
  const importFile = async (file: File) => {
    const parsed = parseCollectionCsv(await file.text(), todayUtc());
    const headerProblem = parsed.problems.some((problem) => problem.line === 1);
    let titleProblems: RowProblem[] = [];
    if (!headerProblem && parsed.rows.length > 0) {
      setStage({ kind: 'checking', done: 0, total: parsed.rows.length });
      titleProblems = await checkRowTitles(client, api, parsed.rows, (done) =>
        setStage({ kind: 'checking', done, total: parsed.rows.length }),
      );
    }
    const problems = [...parsed.problems, ...titleProblems].sort((a, b) => a.line - b.line);
    const bad = new Set(titleProblems.map((problem) => problem.line));
    const good = parsed.rows.filter((row) => !bad.has(row.line));
    if (problems.length === 0) await store(good, replace);
    else setStage({ kind: 'problems', good, problems, replace });
  };
  return (
    <section className="panel" aria-labelledby="collection-files">
      <h2 id="collection-files">Import and export</h2>
      <p className="card-page__note">
        CSV with the header <code>{COLLECTION_CSV_HEADER}</code>: the exact card title, a grade (PSA 10, BGS
        9.5, Raw…), a whole quantity, what one copy cost in USD, the date bought as YYYY-MM-DD and a note (the
        last three may be empty). Checking a file asks the value of each card and grade (a call each, the same
        the page needs to value it); a title that is no card costs nothing.
      </p>
      <div className="button-row">
        <CsvDownloadButton
          fileName={csvFileName(['my-collection', todayUtc()])}
          makeCsv={() => collectionCsv(items)}
        />
      </div>
      <label className="field">
        <span className="field__label">Import a CSV file</span>
        <input
          type="file"
          accept=".csv,text/csv"
          className="input"
          disabled={stage.kind === 'checking' || api.apiKey === null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
        Replace my collection with the file (else its rows are added)
      </label>
      {stage.kind === 'checking' ? (
        <div className="field">
          <label className="field__label" htmlFor="collection-import-progress">
            Checking rows: {formatInteger(stage.done)} of {formatInteger(stage.total)}
          </label>
          <progress id="collection-import-progress" max={stage.total} value={stage.done} />
        </div>
      ) : null}
      {stage.kind === 'done' ? (
        <p role="status" data-testid="import-done">
          Imported {formatInteger(stage.imported)} {plural(stage.imported, 'row')}.
        </p>
      ) : null}
      {stage.kind === 'problems' ? (
        <div role="alert" className="collection-import__problems" data-testid="import-problems">
          <p>
            Nothing was imported: {formatInteger(stage.problems.length)}{' '}
            {plural(stage.problems.length, 'row has', 'rows have')} a problem.
          </p>
          <ul>
            {stage.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`} data-testid="import-problem">
                Line {problem.line}
                {problem.title ? ` (${problem.title})` : ''}: {problem.message}
              </li>
            ))}
          </ul>
          <div className="button-row">
            {stage.good.length > 0 ? (
              <button type="button" className="button" onClick={() => void store(stage.good, stage.replace)}>
                Import only the {formatInteger(stage.good.length)} good {plural(stage.good.length, 'row')}
              </button>
            ) : null}
            <button type="button" className="button" onClick={() => setStage({ kind: 'idle' })}>
              Cancel the import
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
