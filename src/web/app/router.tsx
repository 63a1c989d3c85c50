import { Route, Routes } from 'react-router';
import { retryableLazy } from '../lib/retryable-lazy';
import { HomeRoute } from './home-route';
import { NotFoundPage } from './not-found-page';
import { AppShell } from './shell/app-shell';

/**
 * Routes (react-router in declarative mode: the app has no loaders or actions, react-query owns the
 * data, and this keeps the router's data layer out of the first-paint bundle). The floor overview is
 * the landing page and ships in the entry chunk (the front door, shown instead when there is no key,
 * is lazy); every other page is its own chunk, loaded on first
 * visit (React.lazy; AppShell holds the Suspense boundary and the error boundary).
 */
const IndexPage = retryableLazy(() =>
  import('../features/index-charts/index-page').then((m) => ({ default: m.IndexPage })),
);
const MoversPage = retryableLazy(() =>
  import('../features/movers/movers-page').then((m) => ({ default: m.MoversPage })),
);
const SoldPage = retryableLazy(() =>
  import('../features/sold/sold-page').then((m) => ({ default: m.SoldPage })),
);
const ValuePage = retryableLazy(() =>
  import('../features/value/value-page').then((m) => ({ default: m.ValuePage })),
);
const CardPage = retryableLazy(() =>
  import('../features/card/card-page').then((m) => ({ default: m.CardPage })),
);
const AccuracyPage = retryableLazy(() =>
  import('../features/accuracy/accuracy-page').then((m) => ({ default: m.AccuracyPage })),
);
const CollectionPage = retryableLazy(() =>
  import('../features/collection/collection-page').then((m) => ({ default: m.CollectionPage })),
);
const ApiDocsPage = retryableLazy(() =>
  import('../features/api-docs/api-docs-page').then((m) => ({ default: m.ApiDocsPage })),
);
const SettingsPage = retryableLazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomeRoute />} />
        <Route path="index" element={<IndexPage />} />
        <Route path="movers" element={<MoversPage />} />
        <Route path="sold" element={<SoldPage />} />
        <Route path="value" element={<ValuePage />} />
        <Route path="card" element={<CardPage />} />
        <Route path="accuracy" element={<AccuracyPage />} />
        <Route path="collection" element={<CollectionPage />} />
        <Route path="docs" element={<ApiDocsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
