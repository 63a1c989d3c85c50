import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { MarketOrigin } from '../../../contract/resources';
import { indexDocumentQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

export const MARKET_NOTICE_LABEL = 'Demo market: synthetic data';
/** The notice index.html carries (it paints before any script runs). */
export const PAGE_NOTICE_ID = 'market-notice';

/**
 * Where the server says its data comes from: the `market` member of GET /v1 (no key, cached for the
 * day). Undefined while unknown, when /v1 fails, and for a server that does not send the member.
 */
export function useMarketOrigin(): MarketOrigin | undefined {
  return useQuery({ ...indexDocumentQuery(useApiConnection()), select: (doc) => doc.market }).data;
}

/** The server's note after the label: its continuation when it starts with the label, else a sentence. */
export function noteAfterLabel(note: string): string {
  const text = note.trim();
  if (text.startsWith(MARKET_NOTICE_LABEL)) return text.slice(MARKET_NOTICE_LABEL.length);
  return text ? `. ${text}` : '';
}

/**
 * "Demo market: synthetic data" on every page while the server's market is synthetic; nothing
 * otherwise. Not dismissable; the full note is its title. The page's own notice (index.html, shown
 * from the first paint, fixed to the bottom of the window) gets the server's note once GET /v1
 * answers, and is hidden when the market is not synthetic; without it (tests), this renders one.
 */
export function MarketNotice({ market }: { market: MarketOrigin | undefined }) {
  const page = typeof document === 'undefined' ? null : document.getElementById(PAGE_NOTICE_ID);
  useEffect(() => {
    if (page === null || market === undefined) return;
    page.hidden = !market.synthetic;
    if (market.synthetic) page.title = market.note;
    else page.removeAttribute('title');
  }, [page, market]);
  if (page !== null) {
    const note = page.querySelector('.market-notice__note');
    return market?.synthetic && note ? createPortal(noteAfterLabel(market.note), note) : null;
  }
  if (!market?.synthetic) return null;
  return (
    <aside className="market-notice" aria-label="Data notice" title={market.note}>
      <p className="market-notice__text">
        <strong className="market-notice__label">{MARKET_NOTICE_LABEL}</strong>
        {noteAfterLabel(market.note)}
      </p>
    </aside>
  );
}

/** The footer's source line: it never suggests real data when the data is synthetic. */
export const dataSource = (market: MarketOrigin | undefined): string =>
  market?.synthetic
    ? "Synthetic demo data from the Graded-Card Market Data API's demo generator."
    : 'Data from the Graded-Card Market Data API.';
