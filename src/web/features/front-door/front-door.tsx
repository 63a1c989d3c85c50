import './front-door.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyGetAKey, LazyTryItNowButton } from '../../components/lazy-parts';
import { indexDocumentQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { openKeyDialog } from '../../lib/api-key/key-store';

/**
 * The front door: what `/` shows a visitor without a key. What Slab Terminal is, whether the data
 * is a synthetic demo market (GET /v1 `market.synthetic`), and "Try it now", which mints a personal
 * demo key on the spot; the floor page then shows its data in place of this. Tiers and quotas
 * ("Get a key") are one click away. Loaded on demand: a visitor with a key never downloads it. The link to the API docs
 * comes from the caller: a react-router import in this chunk made the bundler split react-router
 * out of the entry (+2 kB gzip of first-paint JavaScript, measured).
 */
export function FrontDoor({ docsLink }: { docsLink?: ReactNode }) {
  const doc = useQuery(indexDocumentQuery(useApiConnection())).data;
  const market = doc?.market;
  return (
    <section className="front-door panel" aria-labelledby="front-door-title">
      <h1 id="front-door-title">Graded-card market data, as an API and a dashboard</h1>
      <p className="front-door__lead">
        Slab Terminal follows the market for graded trading cards (PSA, BGS, CGC and raw): the floor of every
        category, a daily index, sold comps, the week's movers, and what a card is worth, with a buy score.
        Every number comes from its Graded-Card Market Data API; this dashboard is one client of it.
      </p>
      {market?.synthetic ? (
        <p className="front-door__market" data-testid="front-door-market">
          <strong>The data here is a synthetic demo market</strong>, not real sales or listings
          {market.data === 'demo+ingest' ? ', with imported sales or listings mixed in' : ''}.
        </p>
      ) : null}
      <div className="button-row front-door__actions">
        <LazyTryItNowButton />
        <button type="button" className="button" onClick={openKeyDialog}>
          I have a key
        </button>
        {docsLink}
      </div>
      <p className="field__help">
        “Try it now” gives this browser a personal demo key of the free tier (or goes on with the key it
        already has): the floor shows at once, and every page and tab works with it. Reveal and copy it from
        the key button at the top to call the API yourself.
      </p>
      <LazyGetAKey />
    </section>
  );
}
