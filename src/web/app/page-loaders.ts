import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { indexDocumentQuery, openapiDocumentQuery } from '../lib/api/queries';
import { type RetryableLazy, retryableLazy } from '../lib/retryable-lazy';
import { baseUrlStore } from '../lib/settings/base-url-store';
import type { PagePath } from './page-paths';

/**
 * Every page that is a chunk of its own (the floor at `/` is in the entry), as the component the
 * router renders (router.tsx). main.tsx preloads the one of the address being opened in a task of
 * its own before React's first render, and the first render waits for it: the page is then drawn
 * in that render, in the same commit as the shell, instead of a fallback first and the page in a
 * second commit (retryable-lazy.tsx). Vite's preload helper adds a link per file of the page there
 * (each costs about 0.7 ms of main thread, x4 on a phone; 7-10 links a page), instead of in the task
 * of a render.
 */
/** Every page but the floor. */
export type LazyPagePath = Exclude<PagePath, '/'>;

const PAGES = {
  '/index': retryableLazy(() =>
    import('../features/index-charts/index-page').then((m) => ({ default: m.IndexPage })),
  ),
  '/movers': retryableLazy(() =>
    import('../features/movers/movers-page').then((m) => ({ default: m.MoversPage })),
  ),
  '/sold': retryableLazy(() => import('../features/sold/sold-page').then((m) => ({ default: m.SoldPage }))),
  '/value': retryableLazy(() =>
    import('../features/value/value-page').then((m) => ({ default: m.ValuePage })),
  ),
  '/card': retryableLazy(() => import('../features/card/card-page').then((m) => ({ default: m.CardPage }))),
  '/accuracy': retryableLazy(() =>
    import('../features/accuracy/accuracy-page').then((m) => ({ default: m.AccuracyPage })),
  ),
  '/collection': retryableLazy(() =>
    import('../features/collection/collection-page').then((m) => ({ default: m.CollectionPage })),
  ),
  '/docs': retryableLazy(() =>
    import('../features/api-docs/api-docs-page').then((m) => ({ default: m.ApiDocsPage })),
  ),
  '/settings': retryableLazy(() =>
    import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
  ),
} satisfies Record<LazyPagePath, RetryableLazy<ComponentType>>;

/**
 * What a page asks for on every visit, whatever its address says, and free to ask (keyless): asked
 * together with the page's import instead of after the page's first render. On `/docs` the OpenAPI
 * document otherwise waited for the docs chunk, React's render of the page and its commit; its
 * description is the page's largest paint. Its limits table comes from the service document
 * (GET /v1): drawn after the page, it pushed everything under it down (a layout shift of 0.077 on a
 * desktop). Keyed answers are left to the pages: a page plans them (the index chart's cost line)
 * and a key may not be there yet.
 */
const PAGE_PREFETCHES: Partial<Record<PagePath, (client: QueryClient) => Promise<void>>> = {
  '/docs': async (client) => {
    const api = { baseUrl: baseUrlStore.get() };
    await Promise.all([
      client.prefetchQuery(openapiDocumentQuery(api)),
      client.prefetchQuery(indexDocumentQuery(api)),
    ]);
  },
};

/** A page that is a chunk of its own, for the router. */
export function lazyPage(path: LazyPagePath): RetryableLazy<ComponentType> {
  return PAGES[path];
}

/**
 * The longest React's first render waits for a page's chunk and prefetch: a slow answer must not
 * keep the page blank.
 */
export const PREFETCH_WAIT_MS = 1000;

/**
 * Starts loading the page at `pathname` (a trailing slash ignored) when it is a chunk of its own,
 * and asking for its prefetched data. Settles when the page is loaded and that data is in the cache
 * (at once for the floor, which is in the entry), and after PREFETCH_WAIT_MS at most: main.tsx
 * renders after it, so the first render draws the page and the answer (an answer arriving during
 * that render, which React slices, would have made react-query's store change under it, and React
 * re-renders a torn store synchronously, in one task: 97 ms of main thread seen on /docs). A failure is left to the router's own import, which
 * shows it with "Try again", and to the page's own query (prefetchQuery never throws).
 */
export function startLoadingPage(pathname: string, client: QueryClient): Promise<void> {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) as PagePath;
  const page = path in PAGES ? PAGES[path as LazyPagePath] : undefined;
  const prefetch = PAGE_PREFETCHES[path];
  if (!page && !prefetch) return Promise.resolve();
  const waited = new Promise<void>((resolve) => setTimeout(resolve, PREFETCH_WAIT_MS));
  return Promise.race([Promise.all([page?.preload(), prefetch?.(client)]).then(() => undefined), waited]);
}
