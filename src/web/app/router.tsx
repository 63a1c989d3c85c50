import { Route, Routes } from 'react-router';
import { HomeRoute } from './home-route';
import { NotFoundPage } from './not-found-page';
import { lazyPage } from './page-loaders';
import { AppShell } from './shell/app-shell';

/**
 * Routes (react-router in declarative mode: the app has no loaders or actions, react-query owns the
 * data, and this keeps the router's data layer out of the first-paint bundle). The floor overview is
 * the landing page and ships in the entry chunk (the front door, shown instead when there is no key,
 * is lazy); every other page is its own chunk, loaded on first
 * visit (page-loaders.ts, which main.tsx preloads for the address being opened; AppShell holds the
 * Suspense boundary and the error boundary).
 */
const IndexPage = lazyPage('/index');
const MoversPage = lazyPage('/movers');
const SoldPage = lazyPage('/sold');
const ValuePage = lazyPage('/value');
const CardPage = lazyPage('/card');
const AccuracyPage = lazyPage('/accuracy');
const CollectionPage = lazyPage('/collection');
const ApiDocsPage = lazyPage('/docs');
const SettingsPage = lazyPage('/settings');

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
