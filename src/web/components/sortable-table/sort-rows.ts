/** Pure sorting for SortableTable: numbers numerically, strings with the locale, stable, nulls last. */
export type SortDirection = 'ascending' | 'descending';
export type SortValue = string | number | null;

export function sortRows<Row>(
  rows: readonly Row[],
  sortValue: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}
