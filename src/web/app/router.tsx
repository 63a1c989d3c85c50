import { Route, Routes } from 'react-router';
import { retryableLazy } from '../lib/retryable-lazy';
import { HomeRoute } from './home-route';
import { NotFoundPage } from './not-found-page';
import { pageLoader } from './page-loaders';
import { AppShell } from './shell/app-shell';

/**
 * Routes (react-router in declarative mode: the app has no loaders or actions, react-query owns the
 * data, and this keeps the router's data layer out of the first-paint bundle). The floor overview is
 * the landing page and ships in the entry chunk (the front door, shown instead when there is no key,
 * is lazy); every other page is its own chunk, loaded on first
 * visit (React.lazy of page-loaders.ts, which main.tsx starts for the address being opened; AppShell
 * holds the Suspense boundary and the error boundary).
 */
const IndexPage = retryableLazy(pageLoader('/index'));
const MoversPage = retryableLazy(pageLoader('/movers'));
const SoldPage = retryableLazy(pageLoader('/sold'));
const ValuePage = retryableLazy(pageLoader('/value'));
const CardPage = retryableLazy(pageLoader('/card'));
const AccuracyPage = retryableLazy(pageLoader('/accuracy'));
const CollectionPage = retryableLazy(pageLoader('/collection'));
const ApiDocsPage = retryableLazy(pageLoader('/docs'));
const SettingsPage = retryableLazy(pageLoader('/settings'));

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
