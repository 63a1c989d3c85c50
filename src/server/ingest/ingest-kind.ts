/** What an ingest file holds, and the columns each kind requires (docs/ingest.md). */
export type IngestKind = 'sales' | 'listings' | 'population';

export const INGEST_COLUMNS: Record<IngestKind, readonly string[]> = {
  sales: ['source_id', 'sold_at', 'category', 'label', 'title', 'grade', 'price'],
  listings: ['source_id', 'listed_at', 'ended_at', 'category', 'label', 'title', 'grade', 'price'],
  population: ['grader', 'category', 'label', 'title', 'grade', 'population', 'as_of'],
};

export const isIngestKind = (value: string): value is IngestKind => Object.hasOwn(INGEST_COLUMNS, value);
