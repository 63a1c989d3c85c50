import { KEY_MIGRATIONS } from '../auth/key-schema';
import { MARKET_MIGRATIONS } from './sqlite/market-schema';

export interface Migration {
  /** Unique and never renamed once shipped, such as `001-market`. Applied in array order. */
  id: string;
  sql: string;
  /**
   * The migration adds a derived table: a store that already holds market data rebuilds the derived
   * tables once, right after it, so they are filled without waiting for the next seed or ingest.
   */
  rebuildsDerived?: boolean;
}

export const MIGRATIONS: Migration[] = [...MARKET_MIGRATIONS, ...KEY_MIGRATIONS];
