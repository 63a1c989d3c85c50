import type { EnrichedValueData } from '../../../contract/resources';
import { formatDate, formatInteger, formatPercent, formatUsd } from '../../lib/format';

export type Signals = Pick<
  EnrichedValueData,
  'liquidity' | 'last_sale' | 'last_sale_date' | 'sales_90d' | 'trend_30d' | 'population' | 'watchers'
>;

const NOT_CAPTURED = 'not yet captured';

function Tile({ title, children, note }: { title: string; children: React.ReactNode; note?: string }) {
  return (
    <div className="signal-tile">
      <dt>{title}</dt>
      <dd>
        {children}
        {note && <span className="signal-tile__note">{note}</span>}
      </dd>
    </div>
  );
}

/**
 * What the 30-day trend compares (decisions.md, "Like for like: cells"): each card and grade with
 * itself, the last 30 days against the 30 before; null when too few sales of the same card and grade
 * fall in both.
 */
const TREND_NOTE = 'each card and grade against itself: the last 30 days vs the 30 before';
const NO_TREND_NOTE = 'too few sales of the same card and grade in the last 30 days and the 30 before';

/** The enriched answer's market signals, one tile each; reserved fields say they are not captured. */
export function SignalTiles({ signals }: { signals: Signals }) {
  const trend = signals.trend_30d;
  return (
    <dl className="signal-tiles">
      <Tile title="Liquidity" note="0 to 100, from sales velocity">
        <span data-testid="signal-liquidity">{signals.liquidity}</span>
      </Tile>
      <Tile title="Last sale">
        <span data-testid="signal-last-sale">{formatUsd(signals.last_sale)}</span> on{' '}
        <time data-testid="signal-last-sale-date" dateTime={signals.last_sale_date}>
          {formatDate(signals.last_sale_date)}
        </time>
      </Tile>
      <Tile title="Sales in 90 days">
        <span data-testid="signal-sales-90d">{formatInteger(signals.sales_90d)}</span>
      </Tile>
      <Tile title="30-day trend" note={trend === null ? NO_TREND_NOTE : TREND_NOTE}>
        <span
          data-testid="signal-trend-30d"
          className={trend === null ? undefined : trend >= 0 ? 'trend-up' : 'trend-down'}
        >
          {trend === null ? 'not enough sales' : formatPercent(trend)}
        </span>
      </Tile>
      <Tile title="Population">
        <span data-testid="signal-population">
          {signals.population === null ? NOT_CAPTURED : formatInteger(signals.population)}
        </span>
      </Tile>
      <Tile title="Watchers">
        <span data-testid="signal-watchers">
          {signals.watchers === null ? NOT_CAPTURED : formatInteger(signals.watchers)}
        </span>
      </Tile>
    </dl>
  );
}
