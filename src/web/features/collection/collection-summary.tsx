import { formatInteger, formatUsd, plural } from '../../lib/format';
import { type CollectionWorth, FEW_SALES, type LineWorth } from './collection-totals';

const named = (lines: readonly LineWorth[]): string =>
  lines.map(({ item }) => `${item.title} (${item.grade})`).join(', ');

/** The collection's total with its range, cost and gain, each named for what it sums. */
export function CollectionSummary({ worth }: { worth: CollectionWorth }) {
  const gainPct = worth.gainBasis > 0 ? (worth.gain / worth.gainBasis) * 100 : null;
  const estimates = worth.range === 'next-sale';
  const unvalued = worth.unvalued - worth.pending;
  return (
    <section className="panel" aria-labelledby="collection-worth">
      <h2 id="collection-worth">What it is worth</h2>
      <dl className="stat-cards" data-testid="collection-summary">
        <div className="stat-card">
          <dt>{estimates ? 'Total value (sum of the estimates)' : 'Total value (sum of medians)'}</dt>
          <dd data-testid="collection-total">{formatUsd(worth.value)}</dd>
        </div>
        <div className="stat-card">
          <dt>
            {estimates
              ? 'Likely range of the total (sum of each card’s 80 % range)'
              : 'Sum of lows (p25) - sum of highs (p75)'}
          </dt>
          <dd data-testid="collection-range">
            {worth.valuedCopies > 0 &&
            worth.outOfRange.length === worth.lines.filter((l) => l.value !== null).length ? (
              'none: no line has an estimate'
            ) : (
              <>
                {formatUsd(worth.low)}-
                <wbr />
                {formatUsd(worth.high)}
              </>
            )}
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
      <p className="card-page__note" data-testid="collection-worth-note">
        {estimates
          ? 'Each card is valued at the estimate of its next sale in its grade, times the quantity. The range adds up each card’s 80 % range: the range of the total if the cards move together, as cards of one market do.'
          : `Each card is valued at the median of its grade's recent sales (90 days, or 365 when fewer than ${FEW_SALES}), times the quantity. The range adds up every card's middle half of sales (p25 and p75): where past sales sat, not a range the total will hold.`}
        {worth.outOfRange.length > 0
          ? ` Too few sales for an estimate, so counted at the median of their sales and left out of the range: ${named(worth.outOfRange)}.`
          : ''}
        {unvalued > 0
          ? ` ${unvalued} ${plural(unvalued, 'line has', 'lines have')} no value and ${unvalued === 1 ? 'is' : 'are'} left out.`
          : ''}
        {worth.fewSales > 0
          ? ` ${worth.fewSales} ${plural(worth.fewSales, 'value rests', 'values rest')} on fewer than ${FEW_SALES} sales (flagged below).`
          : ''}
        {worth.costedLines > 0 ? ' The gain compares value with cost on the lines that have both.' : ''}
      </p>
    </section>
  );
}
