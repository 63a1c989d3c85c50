import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

/** Any path that is not a page of the dashboard. */
export function NotFoundPage() {
  usePageTitle('No such page');
  return (
    <div className="page">
      <div className="state-panel state-panel--info">
        <h1 className="state-panel__title">No such page</h1>
        <p>The address does not match a page of the dashboard.</p>
        <Link to="/">Go to the floor overview</Link>
      </div>
    </div>
  );
}
