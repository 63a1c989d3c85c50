import type pg from 'pg';

/** Rows a multi-row INSERT carries at most: each batch is one statement of one array per column. */
export const INSERT_BATCH = 20_000;

/**
 * Inserts rows given as columns in batches of INSERT_BATCH, each one `INSERT ... SELECT * FROM
 * unnest($1::type[], ...)` (one round trip and one parse per batch, not per row). `types` are the
 * columns' PostgreSQL array element types, such as `bigint` or `text`.
 */
export async function insertColumns(
  client: pg.ClientBase,
  table: string,
  columns: readonly { name: string; type: string; values: readonly unknown[] }[],
): Promise<void> {
  const count = columns[0]?.values.length ?? 0;
  const text = `INSERT INTO ${table} (${columns.map((column) => column.name).join(', ')})
    SELECT * FROM unnest(${columns.map((column, i) => `$${i + 1}::${column.type}[]`).join(', ')})`;
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const end = Math.min(count, start + INSERT_BATCH);
    await client.query(
      text,
      columns.map((column) => column.values.slice(start, end)),
    );
  }
}
