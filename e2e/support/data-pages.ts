import type { Locator, Page } from '@playwright/test';

/**
 * The dashboard's five data pages and Settings as a visitor opens them, each with what shows once
 * its data has arrived, and the widths they are checked at (412 px is Lighthouse's phone): the
 * layout-shift spec and the web bench both visit these.
 */
export const DATA_PAGES: { path: string; ready: (page: Page) => Locator }[] = [
  { path: '/', ready: (page) => page.getByRole('table', { name: /Active listings by category/ }) },
  { path: '/index?category=pokemon&category=magic', ready: (page) => page.getByTestId('index-brush') },
  { path: '/movers', ready: (page) => page.getByTestId('movers-table') },
  { path: '/sold?q=charizard', ready: (page) => page.getByTestId('by-grade-chart') },
  { path: '/value?q=charizard', ready: (page) => page.getByTestId('value-value') },
  // Not a data page, but its key facts once arrived after the page and pushed it down (CLS 0.19).
  { path: '/settings', ready: (page) => page.getByTestId('key-facts') },
];

export const DATA_PAGE_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 412, height: 915 },
  { width: 390, height: 844 },
] as const;
