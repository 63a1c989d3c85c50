import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { checkCardQuery } from '../../../contract/card-query';
import type { CardSummary } from '../../../contract/resources';
import { QueryState } from '../../components/query-state/query-state';
import { cardsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { addItems } from '../../lib/collection/collection-store';
import { formatInteger } from '../../lib/format';
import { ItemFields } from './item-fields';

/**
 * Adding a card: words of its title, then the card picked from what `/v1/cards` matches (its exact
 * title), then its grade (the grades it traded in are offered), quantity, cost, date and note.
 */
export function AddCardPanel() {
  const [draftQ, setDraftQ] = useState('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<CardSummary | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  return (
    <section className="panel collection-add" aria-labelledby="collection-add">
      <h2 id="collection-add">Add a card</h2>
      <form
        className="collection-add__search"
        onSubmit={(event) => {
          event.preventDefault();
          if (checkCardQuery(draftQ) === null) {
            setQ(draftQ.trim());
            setPicked(null);
            setAdded(null);
          }
        }}
      >
        <label className="field">
          <span className="field__label">Card title words</span>
          <input
            className="input"
            name="q"
            value={draftQ}
            onChange={(event) => setDraftQ(event.target.value)}
            placeholder="base set charizard"
          />
        </label>
        <button type="submit" className="button">
          Find cards
        </button>
      </form>
      {q && picked === null ? <CardChoices q={q} onPick={setPicked} /> : null}
      {picked ? (
        <>
          <p>
            <strong data-testid="collection-picked">{picked.title}</strong>
          </p>
          <ItemFields
            key={picked.title}
            title={picked.title}
            initial={{ grade: picked.grades[picked.grades.length - 1] ?? '' }}
            grades={picked.grades}
            submitLabel="Add to my collection"
            onSubmit={(draft) => {
              void addItems([draft]);
              setAdded(`${draft.quantity} × ${draft.title}, ${draft.grade}`);
              setPicked(null);
            }}
            onCancel={() => setPicked(null)}
          />
        </>
      ) : null}
      {added ? (
        <p role="status" data-testid="collection-added">
          Added {added}.
        </p>
      ) : null}
    </section>
  );
}

function CardChoices({ q, onPick }: { q: string; onPick: (card: CardSummary) => void }) {
  const api = useApiConnection();
  const result = useQuery(cardsQuery(api, { q, limit: 10 }));
  return (
    <QueryState result={result} label="the matching cards">
      {(data) => (
        <ul className="collection-add__choices" aria-label="Cards to add">
          {data.cards.map((card) => (
            <li key={`${card.category}/${card.title}`}>
              <button type="button" className="button button--small" onClick={() => onPick(card)}>
                {card.title}
              </button>{' '}
              <span className="card-page__note">
                {card.category} · {formatInteger(card.sales_365d)} sales in 365 days
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
