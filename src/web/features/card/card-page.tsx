import { useState } from 'react';
import { AddToCollectionButton } from '../../components/add-to-collection-button';
import { CardPicker } from '../../components/card-picker/card-picker';
import { UrlProblems } from '../../components/url-problems';
import { useUrlState } from '../../lib/url-state/use-url-state';
import { usePageTitle } from '../../lib/use-page-title';
import { CARD_URL } from './card-url';
import { OneCard } from './card-view';
import '../../components/card-search/card-pages.css';
import './card.css';

/**
 * `/card`: one card, by its exact title (`?title=...&grade=...`): its grade ladder, its value and buy
 * score in the chosen grade, its price history. Without a title, the cards of `q` (in `category` and
 * `label`) to pick one from. Everything is in the URL (CARD_URL).
 */
export function CardPage() {
  const { view, problems, setView } = useUrlState(CARD_URL);
  usePageTitle(view.title ? `Card: ${view.title}` : 'Cards');
  return (
    <section aria-labelledby="page-title" className="page card-page">
      <h1 id="page-title">{view.title || 'Cards'}</h1>
      <UrlProblems problems={problems} />
      {view.title ? <AddToCollectionButton title={view.title} grade={view.grade} /> : null}
      {view.title ? (
        <OneCard view={view} setView={(next) => setView(next)} />
      ) : (
        <>
          <CardSearch initial={view.q} onSubmit={(q) => setView({ ...view, q }, { push: true })} />
          {view.label || view.category ? (
            <p className="card-page__intro" data-testid="card-list-filter">
              Cards of {[view.category, view.label].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          {view.q ? (
            <CardPicker
              q={view.q}
              category={view.category || undefined}
              label={view.label || undefined}
              standalone
            />
          ) : (
            <p className="card-page__intro">Type words of a card title, then pick the card.</p>
          )}
        </>
      )}
    </section>
  );
}

function CardSearch({ initial, onSubmit }: { initial: string; onSubmit: (q: string) => void }) {
  const [q, setQ] = useState(initial);
  return (
    <form
      className="card-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (q.trim() !== '') onSubmit(q.trim());
      }}
    >
      <label>
        Card
        <input
          name="q"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="base set charizard"
        />
      </label>
      <button type="submit" className="button button--primary">
        Find cards
      </button>
    </form>
  );
}
