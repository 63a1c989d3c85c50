import type { Migration } from './migrations';

/** Cards, sales, listings and the derived snapshot tables. Filled in by the market-store work. */
export const MARKET_MIGRATIONS: Migration[] = [];
