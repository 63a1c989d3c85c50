/**
 * The dashboard's pages, by path: the routes of router.tsx. The build writes them to
 * `dist/web/pages.json` (vite.config.ts), so that the server answers any other extension-less path
 * with the page and a 404 status (the dashboard then shows its "not found" view), not a 200.
 */
export const PAGE_PATHS = [
  '/',
  '/index',
  '/movers',
  '/sold',
  '/value',
  '/card',
  '/accuracy',
  '/collection',
  '/docs',
  '/settings',
] as const;
export type PagePath = (typeof PAGE_PATHS)[number];
