import { Suspense, useState } from 'react';
import { Skeleton } from '../../components/query-state/skeleton';
import { formatInteger, plural } from '../../lib/format';
import { retryableLazy } from '../../lib/retryable-lazy';
import type { MovedLine } from './collection-history';

// The chart loads when it is asked for, not with the page.
const MovedChart = retryableLazy(async () => ({
  default: (await import('./collection-moved-chart')).MovedChart,
}));

/**
 * How the collection moved, week by week over the last year (collection-history.ts): every valued
 * line in every week, ending on the headline total. Drawn with the index page's chart (hover
 * read-out, log scale, CSV); the range presets cut the year already fetched, so they cost nothing.
 */
export function CollectionChart({
  lines,
  leftOut,
  asOf,
}: {
  lines: readonly MovedLine[];
  /** Lines with no value, named: the chart leaves them out as the total does. */
  leftOut: readonly string[];
  asOf: string;
}) {
  const titles = new Set(lines.map((line) => line.title)).size;
  const [shown, setShown] = useState(false);
  return (
    <section className="panel" aria-labelledby="collection-moved">
      <h2 id="collection-moved">How it moved</h2>
      {leftOut.length > 0 ? (
        <p className="card-page__note" data-testid="moved-left-out">
          Left out, as from the total: {leftOut.join(', ')}.
        </p>
      ) : null}
      {shown ? (
        <Suspense fallback={<Skeleton label="Loading the chart" variant="chart" />}>
          <MovedChart lines={lines} asOf={asOf} />
        </Suspense>
      ) : (
        <>
          <p className="card-page__note" data-testid="history-cost">
            The weekly chart asks, for each of {formatInteger(titles)} {plural(titles, 'card')}, its price
            history and its label, then each label’s sales index: up to {formatInteger(titles * 3)}{' '}
            {plural(titles * 3, 'call')}, unchanged answers free.
          </p>
          <button type="button" className="button" onClick={() => setShown(true)}>
            Show how it moved
          </button>
        </>
      )}
    </section>
  );
}
