/** One date of a line chart: its day number `t` (days since 1970-01-01, UTC) and a value per series (null: a gap). */
export type ChartRow = { date: string; t: number; values: (number | null)[] };
