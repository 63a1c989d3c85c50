import { formatInteger, formatUsd, plural } from '../../lib/format';
import { type CollectionWorth, FEW_SALES } from './collection-totals';

/** The collection's total with its range (the sums of the p25 lows and of the p75 highs), cost and gain. */
export function CollectionSummary({ worth }: { worth: CollectionWorth }) {
  const gainPct = worth.gainBasis > 0 ? (worth.gain / worth.gainBasis) * 100 : null;
  return (
    <section className="panel" aria-labelledby="collection-worth">
      <h2 id="collection-worth">What it is worth</h2>
      <dl className="stat-cards" data-testid="collection-summary">
        <div className="stat-card">
          <dt>Total value (sum of medians)</dt>
          <dd data-testid="collection-total">{formatUsd(worth.value)}</dd>
        </div>
        <div className="stat-card">
          <dt>Sum of lows (p25) - sum of highs (p75)</dt>
          <dd data-testid="collection-range">
            {formatUsd(worth.low)}-
            <wbr />
            {formatUsd(worth.high)}
          </dd>
        </div>
        <div className="stat-card">
          <dt>Copies valued</dt>
          <dd data-testid="collection-copies">
            {formatInteger(worth.valuedCopies)} of {formatInteger(worth.copies)}
          </dd>
        </div>
        {worth.costedLines > 0 ? (
          <>
            <div className="stat-card">
              <dt>Paid (lines with a cost)</dt>
              <dd data-testid="collection-cost">{formatUsd(worth.cost)}</dd>
            </div>
            <div className="stat-card">
              <dt>Gain on what it cost</dt>
              <dd data-testid="collection-gain">
                {worth.gain >= 0 ? '+' : ''}
                {formatUsd(worth.gain)}
                {gainPct === null ? '' : ` (${gainPct >= 0 ? '+' : ''}${gainPct.toFixed(1)}%)`}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      <p className="card-page__note">
        Each card is valued at the median of its grade's recent sales (90 days, or 365 when fewer than{' '}
        {FEW_SALES}), times the quantity. The range adds up every card's p25 and every card's p75: the total
        is unlikely to sit outside it, yet it is no sale price.
        {worth.unvalued - worth.pending > 0
          ? ` ${worth.unvalued - worth.pending} ${plural(worth.unvalued - worth.pending, 'line has', 'lines have')} no value and ${worth.unvalued - worth.pending === 1 ? 'is' : 'are'} left out.`
          : ''}
        {worth.fewSales > 0
          ? ` ${worth.fewSales} ${plural(worth.fewSales, 'value rests', 'values rest')} on fewer than ${FEW_SALES} sales (flagged below).`
          : ''}
        {worth.costedLines > 0 ? ' The gain compares value with cost on the lines that have both.' : ''}
      </p>
    </section>
  );
}
