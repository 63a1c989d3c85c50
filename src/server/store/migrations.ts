/** A schema change of either store (sqlite/ and postgres/ each keep their own list). */
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
