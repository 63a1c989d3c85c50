import type { DerivedComputation } from './derived-tables';

/**
 * Why a store was refused (store-health.ts's `StoreErrorKind` sorts SQLite errors; this names the
 * refusal). `unreachable`: a PostgreSQL server that does not answer (store/postgres/pg-store.ts).
 */
export type StoreRefusal = 'missing' | 'damaged' | 'busy' | 'unreachable';

/**
 * A store that cannot be used, in a sentence for the operator (path and what to do; never SQL or a
 * stack): `missing` (a command that never creates a store found none), `damaged` (not SQLite,
 * truncated, corrupt, or not a store of this product) or `busy` (another process held the write
 * lock beyond the busy timeout). Callers print the message and exit non-zero.
 */
export class StoreError extends Error {
  constructor(
    readonly kind: StoreRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** The derived computation a migration needs, or an error saying who can migrate the store. */
export function derivedOrRefuse(derive: DerivedComputation | undefined): DerivedComputation {
  if (derive === undefined)
    throw new Error(
      'This store needs its derived tables rebuilt by a migration: start the server, or run npm run seed or npm run ingest, on it first.',
    );
  return derive;
}
