import { Suspense } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../components/query-state/skeleton';
import { FloorPage } from '../features/floor/floor-page';
import { useApiKey } from '../lib/api-key/key-store';
import { retryableLazy } from '../lib/retryable-lazy';
import { usePageTitle } from '../lib/use-page-title';

const FrontDoor = retryableLazy(() =>
  import('../features/front-door/front-door').then((m) => ({ default: m.FrontDoor })),
);

/**
 * `/`: the floor for a visitor with a key; for one without, the front door (what the product is,
 * "Try it now"). The front door is its own chunk, so the floor's first paint does not carry it;
 * once "Try it now" stores a key, this renders the floor in its place.
 */
export function HomeRoute() {
  return useApiKey() === null ? <FrontDoorPage /> : <FloorPage />;
}

function FrontDoorPage() {
  usePageTitle('Graded-card market data');
  return (
    <div className="page">
      <Suspense fallback={<Skeleton label="Loading the front page" rows={6} />}>
        <FrontDoor
          docsLink={
            <Link className="button" to="/docs">
              API docs
            </Link>
          }
        />
      </Suspense>
    </div>
  );
}
