import { Link } from 'react-router';
import { exactTitleOf, exactTitleQuery } from '../../../contract/card-query';
import { CardPicker } from '../../components/card-picker/card-picker';
import { UrlProblems } from '../../components/url-problems';
import { useUrlState } from '../../lib/url-state/use-url-state';
import { usePageTitle } from '../../lib/use-page-title';
import { EnrichedValueResults } from './enriched-value-results';
import { PlainValueResults } from './plain-value-results';
import { ValueForm } from './value-form';
import { canonicalValueSearch, checkValueSearch, VALUE_URL, valueHrefWithQuery } from './value-search';
import '../../components/card-search/card-pages.css';

/**
 * `/value`: the card value lookup. Everything is in the URL (VALUE_URL: q, grade, min_price,
 * max_price, and which answer); a search the contract refuses shows its hints and sends nothing.
 */
export function ValuePage() {
  const { view: search, problems, setView } = useUrlState(VALUE_URL);
  const check = checkValueSearch(search);
  usePageTitle(check.status === 'ready' ? `Card value: ${check.params.q}` : 'Card value');
  return (
    <section aria-labelledby="page-title" className="page card-page">
      <h1 id="page-title">Card value</h1>
      <UrlProblems problems={problems} />
      <ValueForm
        initial={search}
        hints={check.status === 'invalid' ? check.hints : {}}
        // A submitted search is a step Back returns from.
        onSubmit={(next) => setView(canonicalValueSearch(next), { push: true })}
      />
      {check.status === 'idle' && (
        <p className="card-page__intro">
          Type words of a card title to see its value, the range it trades in, every grade, and whether it
          looks like a buy.
        </p>
      )}
      {check.status === 'ready' && exactTitleOf(check.params.q) === null && (
        <CardPicker
          q={check.params.q}
          grade={check.params.grade}
          more={(card) => (
            <Link to={valueHrefWithQuery(check.params, search.answer, exactTitleQuery(card.title))}>
              Value of this card only
            </Link>
          )}
        />
      )}
      {check.status === 'ready' &&
        (search.answer === 'plain' ? (
          <PlainValueResults params={check.params} />
        ) : (
          <EnrichedValueResults params={check.params} />
        ))}
    </section>
  );
}
