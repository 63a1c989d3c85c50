import type { Locator, Page } from '@playwright/test';

/**
 * The dashboard's five data pages, Settings and the API docs as a visitor opens them, each with
 * what shows once its data has arrived, and the widths they are checked at (360 px is the narrowest
 * phone the dashboard is laid out for, 412 px Lighthouse's): the layout-shift spec and the web
 * bench both visit these.
 */
export const DATA_PAGES: { path: string; ready: (page: Page) => Locator }[] = [
  { path: '/', ready: (page) => page.getByRole('table', { name: /Active listings by category/ }) },
  { path: '/index?category=pokemon&category=magic', ready: (page) => page.getByTestId('index-brush') },
  { path: '/movers', ready: (page) => page.getByTestId('movers-table') },
  { path: '/sold?q=charizard', ready: (page) => page.getByTestId('by-grade-chart') },
  { path: '/value?q=charizard', ready: (page) => page.getByTestId('all-matching-sales') },
  // Not a data page, but its key facts once arrived after the page and pushed it down (CLS 0.19).
  { path: '/settings', ready: (page) => page.getByTestId('key-facts') },
  // Its limits table (from GET /v1) once came after the page and pushed it down (desktop CLS 0.077).
  { path: '/docs', ready: (page) => page.locator('#limits').getByTestId('plan-table') },
];

export const DATA_PAGE_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 412, height: 915 },
  { width: 390, height: 844 },
  { width: 360, height: 780 },
] as const;
