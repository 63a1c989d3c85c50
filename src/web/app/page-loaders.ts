import type { ComponentType } from 'react';
import type { PagePath } from './page-paths';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The import of each page that is a chunk of its own (the floor at `/` is in the entry): the router
 * renders them lazily (router.tsx), and main.tsx starts the one of the address being opened in a task
 * of its own before React's first render. Vite's preload helper adds a link per file of the page
 * there (each costs about 0.7 ms of main thread, x4 on a phone; 7-10 links a page), instead of in
 * the task of the render that first meets the page; the browser imports a module once, so the
 * router's import then gets the same module.
 */
const PAGE_LOADERS: Partial<Record<PagePath, () => PageModule>> = {
  '/index': () => import('../features/index-charts/index-page').then((m) => ({ default: m.IndexPage })),
  '/movers': () => import('../features/movers/movers-page').then((m) => ({ default: m.MoversPage })),
  '/sold': () => import('../features/sold/sold-page').then((m) => ({ default: m.SoldPage })),
  '/value': () => import('../features/value/value-page').then((m) => ({ default: m.ValuePage })),
  '/card': () => import('../features/card/card-page').then((m) => ({ default: m.CardPage })),
  '/accuracy': () => import('../features/accuracy/accuracy-page').then((m) => ({ default: m.AccuracyPage })),
  '/collection': () =>
    import('../features/collection/collection-page').then((m) => ({ default: m.CollectionPage })),
  '/docs': () => import('../features/api-docs/api-docs-page').then((m) => ({ default: m.ApiDocsPage })),
  '/settings': () => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
};

/** A page's import, for the router's lazy component. */
export function pageLoader(path: PagePath): () => PageModule {
  const load = PAGE_LOADERS[path];
  if (!load) throw new Error(`no page loader for ${path}`);
  return load;
}

/**
 * Starts loading the page at `pathname` (a trailing slash ignored) when it is a chunk of its own. A
 * failure is left to the router's own import, which shows it with "Try again".
 */
export function startLoadingPage(pathname: string): void {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) as PagePath;
  PAGE_LOADERS[path]?.().catch(() => undefined);
}
