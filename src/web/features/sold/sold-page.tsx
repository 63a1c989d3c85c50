import { Link } from 'react-router';
import { exactTitleOf, exactTitleQuery } from '../../../contract/card-query';
import { CardPicker } from '../../components/card-picker/card-picker';
import { useUrlState } from '../../lib/url-state/use-url-state';
import { usePageTitle } from '../../lib/use-page-title';
import { SoldForm } from './sold-form';
import { SoldResults } from './sold-results';
import { canonicalSoldSearch, checkSoldSearch, SOLD_URL, soldHrefWithQuery } from './sold-search';
import '../../components/card-search/card-pages.css';

/**
 * `/sold`: the sold-comp explorer. The URL holds the state (q, grade, days: SOLD_URL); a search
 * the contract refuses shows its hints and sends nothing.
 */
export function SoldPage() {
  const { view: search, setView } = useUrlState(SOLD_URL);
  const check = checkSoldSearch(search);
  usePageTitle(check.status === 'ready' ? `Sold comps: ${check.params.q}` : 'Sold comps');
  return (
    <section aria-labelledby="page-title" className="page card-page">
      <h1 id="page-title">Sold comps</h1>
      <SoldForm
        initial={search}
        hints={check.status === 'invalid' ? check.hints : {}}
        // A submitted search is a step Back returns from.
        onSubmit={(next) => setView(canonicalSoldSearch(next), { push: true })}
      />
      {check.status === 'idle' && (
        <p className="card-page__intro">
          Type words of a card title to see what it sold for: average, median, range and sales, per grade.
        </p>
      )}
      {check.status === 'ready' && exactTitleOf(check.params.q) === null && (
        <CardPicker
          q={check.params.q}
          grade={check.params.grade}
          more={(card) => (
            <Link to={soldHrefWithQuery(check.params, exactTitleQuery(card.title))}>
              Sold comps of this card only
            </Link>
          )}
        />
      )}
      {check.status === 'ready' && <SoldResults params={check.params} />}
    </section>
  );
}
