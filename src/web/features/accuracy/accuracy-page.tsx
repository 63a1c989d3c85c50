import { useQuery } from '@tanstack/react-query';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import {
  accuracySentence,
  BAND_WORDS,
  biasSentence,
  nextSaleSentence,
  scoredPhrase,
  TIER_WORDS,
} from '../../lib/accuracy-sentence';
import { accuracyQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { AccuracyTable } from './accuracy-tables';

/**
 * `/accuracy`: the published accuracy of the values (GET /v1/accuracy, no key): every sale of the
 * last 84 days against the estimate, the 80 % range and the window median its card and grade had
 * just before it, overall, by liquidity, by price band and by category, in plain sentences and tables.
 */
export function AccuracyPage() {
  usePageTitle('Accuracy');
  const api = useApiConnection();
  const query = accuracyQuery(api);
  const result = useQuery(query);
  return (
    <section aria-labelledby="page-title" className="page accuracy-page">
      <header className="page__header">
        <h1 id="page-title">Accuracy</h1>
        <p className="page__lede">
          How well our figures foretell the next sale. Each sale of the last 84 days is compared with what its
          card and grade showed just before it, from that card and grade's earlier sales only (90 days,
          widened to 365 when fewer than 5).
        </p>
      </header>
      <QueryState result={result} label="the accuracy">
        {(data) => (
          <>
            <h2>What each range holds</h2>
            {data.overall.next_sale ? (
              <>
                <p className="accuracy-page__headline" data-testid="accuracy-next-sale">
                  {nextSaleSentence(data.overall.next_sale, data.level)}
                </p>
                <p className="card-page__note">
                  The {data.level} % range and the estimate are what a card’s page shows as its value. Each
                  range was calibrated on the 84 days before the sales it is scored on, so these figures are
                  out of sample; the tables give the share each kind of card’s range held.
                </p>
              </>
            ) : null}
            <p className="accuracy-page__headline" data-testid="accuracy-sentence">
              {accuracySentence(data.overall)} {biasSentence(data.overall.bias_pct)}
            </p>
            <p className="card-page__note" data-testid="accuracy-middle-half">
              The middle half describes what sold in the window, not the next sale: even where prices stand
              still it holds about half of the next sales, and over a window of up to a year prices move, so
              it holds about a third. Read it as the spread of past sales.
            </p>
            <p className="card-page__note">
              {scoredPhrase(data.overall)}, up to {formatDateTime(data.as_of)}. A card with few earlier sales
              (thin) misses by more than a liquid one. A median error says how far off a figure usually was.
            </p>
            <AccuracyTable
              caption="By liquidity: how many earlier sales the value rested on"
              first="Liquidity"
              rows={data.by_liquidity.map((row) => ({ ...row, name: TIER_WORDS[row.tier] }))}
              level={data.level}
              testId="accuracy-by-liquidity"
            />
            <AccuracyTable
              caption="By price band, of the estimate"
              first="Price band"
              rows={data.by_price_band.map((row) => ({ ...row, name: BAND_WORDS[row.band] }))}
              level={data.level}
              testId="accuracy-by-price-band"
            />
            <AccuracyTable
              caption="By category"
              first="Category"
              rows={data.by_category.map((row) => ({ ...row, name: row.category }))}
              level={data.level}
              testId="accuracy-by-category"
            />
          </>
        )}
      </QueryState>
      <ApiCallPanel request={query.queryKey[1]} result={result} />
    </section>
  );
}
