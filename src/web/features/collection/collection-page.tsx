import { useDeferredValue, useEffect } from 'react';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { openKeyDialog } from '../../lib/api-key/key-store';
import { loadCollection, useCollection } from '../../lib/collection/collection-store';
import { usePageTitle } from '../../lib/use-page-title';
import { AddCardPanel } from './add-card-panel';
import { CollectionChart } from './collection-chart';
import { CollectionLines } from './collection-lines';
import { CollectionSummary } from './collection-summary';
import { collectionWorth } from './collection-totals';
import { ImportExportPanel } from './import-export-panel';
import { RefreshPanel } from './refresh-panel';
import { useCollectionValues } from './use-collection-values';
import '../../components/card-search/card-pages.css';
import './collection.css';

/**
 * `/collection`: the cards a collector owns (kept in this browser only), what each is worth in its
 * grade with its range, the total with its range, cost and gain, what a refresh costs, CSV import
 * and export, and the collection's value week by week.
 */
export function CollectionPage() {
  usePageTitle('My collection');
  // Drawn in a transition: 50 lines are drawn in slices the browser can interrupt, not in one task.
  const { loaded, items, problem } = useDeferredValue(useCollection());
  const api = useApiConnection();
  const values = useCollectionValues(api, items);
  useEffect(() => {
    void loadCollection();
  }, []);
  const worth = collectionWorth(items, values.values);
  return (
    <section aria-labelledby="page-title" className="page card-page collection-page">
      <h1 id="page-title">My collection</h1>
      <p className="card-page__intro" data-testid="collection-privacy">
        Your collection is kept in this browser only (IndexedDB). It is never sent to the server: only the
        questions that value it are (a card’s title and grade). Export it as CSV to keep a copy or move it.
      </p>
      {problem ? <p className="field__error">{problem}</p> : null}
      {api.apiKey === null ? (
        <div className="state-panel state-panel--info" role="status">
          <p className="state-panel__title">Valuing the collection needs an API key</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={openKeyDialog}>
              Enter an API key
            </button>
          </div>
        </div>
      ) : null}
      {!loaded ? (
        <p className="card-page__note">Opening your collection…</p>
      ) : items.length === 0 ? (
        <p className="card-page__note" data-testid="collection-empty">
          No cards yet: add one below, from a card’s page, or import a CSV file.
        </p>
      ) : (
        <>
          <CollectionSummary worth={worth} />
          <section className="panel" aria-labelledby="collection-cards">
            <h2 id="collection-cards">My cards</h2>
            <CollectionLines worth={worth} />
          </section>
          <RefreshPanel answers={values.answers} fetching={values.fetching} onRefresh={values.refresh} />
          {values.asOf ? (
            <CollectionChart
              lines={worth.lines.flatMap(({ item, value }) =>
                value === null
                  ? []
                  : [{ title: item.title, grade: item.grade, quantity: item.quantity, worth: value }],
              )}
              leftOut={worth.lines
                .filter((line) => line.value === null && line.pair.status !== 'pending')
                .map(({ item }) => `${item.title} (${item.grade})`)}
              asOf={values.asOf}
            />
          ) : null}
        </>
      )}
      <AddCardPanel />
      {loaded ? <ImportExportPanel items={items} /> : null}
    </section>
  );
}
