import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { SoldForm } from './sold-form';
import { SoldResults } from './sold-results';
import { checkSoldSearch, readSoldSearch, soldSearchUrl } from './sold-search';
import '../../components/card-search/card-pages.css';

/**
 * `/sold`: the sold-comp explorer. The URL holds the state (q, grade, days); a search the contract
 * refuses shows its hints and sends nothing.
 */
export function SoldPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = readSoldSearch(searchParams);
  const check = checkSoldSearch(search);
  usePageTitle(check.status === 'ready' ? `Sold comps: ${check.params.q}` : 'Sold comps');
  return (
    <section aria-labelledby="page-title" className="page card-page">
      <h1 id="page-title">Sold comps</h1>
      <SoldForm
        urlKey={searchParams.toString()}
        initial={search}
        hints={check.status === 'invalid' ? check.hints : {}}
        onSubmit={(next) => setSearchParams(soldSearchUrl(next))}
      />
      {check.status === 'idle' && (
        <p className="card-page__intro">
          Type words of a card title to see what it sold for: average, median, range and sales, per grade.
        </p>
      )}
      {check.status === 'ready' && <SoldResults params={check.params} />}
    </section>
  );
}
