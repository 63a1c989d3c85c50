import { KEY_MIGRATIONS } from '../auth/key-schema';
import { MARKET_MIGRATIONS } from './market-schema';

export interface Migration {
  /** Unique and never renamed once shipped, such as `001-market`. Applied in array order. */
  id: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [...MARKET_MIGRATIONS, ...KEY_MIGRATIONS];
