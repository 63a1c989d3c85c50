import { Suspense, useState } from 'react';
import { Skeleton } from '../../components/query-state/skeleton';
import type { CollectionItem } from '../../lib/collection/collection-item';
import { formatInteger, plural } from '../../lib/format';
import { retryableLazy } from '../../lib/retryable-lazy';

// The chart loads when it is asked for, not with the page.
const MovedChart = retryableLazy(async () => ({
  default: (await import('./collection-moved-chart')).MovedChart,
}));

/**
 * How the collection moved, week by week over the last year: each card's `/v1/history` (one call
 * per card, every grade), its grade's weekly median carried forward over weeks without a sale,
 * times quantity, summed. Drawn with the index page's chart (hover read-out, log scale, CSV); the
 * range presets cut the year already fetched, so they cost nothing.
 */
export function CollectionChart({ items, asOf }: { items: readonly CollectionItem[]; asOf: string }) {
  const titles = [...new Set(items.map((item) => item.title))];
  const [shown, setShown] = useState(false);
  return (
    <section className="panel" aria-labelledby="collection-moved">
      <h2 id="collection-moved">How it moved</h2>
      {shown ? (
        <Suspense fallback={<Skeleton label="Loading the chart" variant="chart" />}>
          <MovedChart items={items} asOf={asOf} />
        </Suspense>
      ) : (
        <>
          <p className="card-page__note" data-testid="history-cost">
            The weekly chart asks each card’s price history: {formatInteger(titles.length)}{' '}
            {plural(titles.length, 'call')} (one per card, every grade), unchanged answers free.
          </p>
          <button type="button" className="button" onClick={() => setShown(true)}>
            Show how it moved
          </button>
        </>
      )}
    </section>
  );
}
