import { memo, useState } from 'react';
import { Link } from 'react-router';
import { cardHref } from '../../lib/card-query/card-links';
import { removeItem, updateItem } from '../../lib/collection/collection-store';
import { formatDate, formatInteger, formatUsd, plural } from '../../lib/format';
import { type CollectionWorth, type LineWorth, sameLine } from './collection-totals';
import { ItemFields } from './item-fields';

/** Every line of the collection with its worth; each can be edited or removed in place. */
export function CollectionLines({ worth }: { worth: CollectionWorth }) {
  return (
    <ul className="collection-lines" aria-label="My cards">
      {worth.lines.map((line) => (
        <CollectionLine key={line.item.id} line={line} />
      ))}
    </ul>
  );
}

/** Drawn again only when its item or its answer changed: an answer arriving redraws its own line, not 50. */
const CollectionLine = memo(CollectionLineView, (before, after) => sameLine(before.line, after.line));

function CollectionLineView({ line }: { line: LineWorth }) {
  const [editing, setEditing] = useState(false);
  const { item } = line;
  return (
    <li className="collection-line" data-testid="collection-line" data-grade={item.grade}>
      <div className="collection-line__head">
        <Link to={cardHref(item.title, item.grade)} className="collection-line__title">
          {item.title}
        </Link>
        <span>
          {item.grade} × {formatInteger(item.quantity)}
        </span>
      </div>
      {editing ? (
        <ItemFields
          title={item.title}
          initial={item}
          grades={[]}
          submitLabel="Save"
          onSubmit={(draft) => {
            void updateItem(item.id, draft);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <LineFigures line={line} />
          {item.cost !== null || item.acquired !== null || item.note !== '' ? (
            <p className="card-page__note">
              {item.cost !== null ? `Paid ${formatUsd(item.cost)} a copy` : ''}
              {item.acquired !== null
                ? `${item.cost !== null ? ', ' : 'Bought '}on ${formatDate(item.acquired)}`
                : ''}
              {item.note !== ''
                ? `${item.cost !== null || item.acquired !== null ? ' · ' : ''}${item.note}`
                : ''}
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className="button button--small" onClick={() => setEditing(true)}>
              Edit
              <span className="visually-hidden">
                {' '}
                {item.title}, {item.grade}
              </span>
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => void removeItem(item.id)}
            >
              Remove
              <span className="visually-hidden">
                {' '}
                {item.title}, {item.grade}
              </span>
            </button>
          </div>
        </>
      )}
    </li>
  );
}

function LineFigures({ line }: { line: LineWorth }) {
  const { pair } = line;
  if (pair.status === 'pending') return <p className="card-page__note">Not valued yet.</p>;
  if (pair.status === 'failed') return <p className="field__error">Not valued: {pair.message}</p>;
  if (pair.status === 'no_sales')
    return (
      <p className="card-page__note" data-testid="line-no-sales">
        No sale of this card in {line.item.grade} in the last 365 days: no value is given.
      </p>
    );
  const next = pair.nextSale;
  return (
    <dl className="collection-line__figures">
      <div>
        <dt>{next === null ? 'Value (median of sales: too few for an estimate)' : 'Value'}</dt>
        <dd data-testid="line-value">{line.value === null ? '' : formatUsd(line.value)}</dd>
      </div>
      <div>
        <dt>
          {next === undefined
            ? 'Range (p25-p75)'
            : next === null
              ? 'Range'
              : `Likely next sale (${next.level} %)`}
        </dt>
        <dd data-testid="line-range">
          {line.low === null || line.high === null ? (
            'left out of the total’s range'
          ) : (
            <>
              {formatUsd(line.low)}-
              <wbr />
              {formatUsd(line.high)}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Each</dt>
        <dd data-testid="line-unit-value">{formatUsd(next ? next.estimate : pair.value)}</dd>
      </div>
      <div>
        <dt>Sales · confidence</dt>
        <dd>
          {formatInteger(pair.sampleSize)} in {pair.windowDays} days · {pair.confidence}/100
          {line.fewSales ? (
            <span className="collection-line__flag" data-testid="line-few-sales">
              {' '}
              few {plural(pair.sampleSize, 'sale')}
            </span>
          ) : null}
        </dd>
      </div>
      {line.gain !== null ? (
        <div>
          <dt>Gain</dt>
          <dd>
            {line.gain >= 0 ? '+' : ''}
            {formatUsd(line.gain)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
