import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd, formatUsdCompact } from '../../lib/format';
import { floorChartHeight } from './floor-chart-size';

/**
 * Total listed value by category, as horizontal bars (19 category names read better down the side).
 * Pure: fed by props, no data fetching. Loaded lazily (recharts stays out of the first paint).
 */
export interface FloorValueChartProps {
  rows: readonly { category: string; total_value: number }[];
  selected: string | null;
  /** Clicking a bar chooses its category (the same as the filter or the table's links). */
  onSelect?: (category: string) => void;
}

export function FloorValueChart({ rows, selected, onSelect }: FloorValueChartProps) {
  const data = [...rows].sort((a, b) => b.total_value - a.total_value);
  return (
    <ResponsiveContainer width="100%" height={floorChartHeight(data.length)}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
        <CartesianGrid horizontal={false} stroke="var(--chart-grid)" />
        <XAxis
          type="number"
          tickFormatter={formatUsdCompact}
          stroke="var(--color-text-muted)"
          tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
        />
        <YAxis
          type="category"
          dataKey="category"
          width={84}
          interval={0}
          stroke="var(--color-text-muted)"
          tick={(tick: CategoryTickProps) => <CategoryTick {...tick} selected={selected} />}
        />
        <Tooltip
          formatter={(value) => [formatUsd(Number(value)), 'Total value']}
          contentStyle={{ background: 'var(--color-surface)', border: '1px solid var(--color-border)' }}
          labelStyle={{ color: 'var(--color-text)' }}
          itemStyle={{ color: 'var(--color-text)' }}
          cursor={{ fill: 'var(--color-row-hover)' }}
        />
        <Bar
          dataKey="total_value"
          name="Total value"
          isAnimationActive={false}
          cursor={onSelect ? 'pointer' : undefined}
          onClick={(entry: { payload?: { category?: string } }) => {
            if (entry.payload?.category) onSelect?.(entry.payload.category);
          }}
        >
          {data.map((row) => (
            <Cell
              key={row.category}
              fill={row.category === selected ? 'var(--chart-highlight)' : 'var(--chart-1)'}
            />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

type CategoryTickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/** A category name on the axis; the chosen one bold in the highlight colour, like its bar. */
function CategoryTick({ x, y, payload, selected }: CategoryTickProps & { selected: string | null }) {
  const category = String(payload?.value ?? '');
  const chosen = category === selected;
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      dy="0.355em"
      textAnchor="end"
      fontSize={11}
      fontWeight={chosen ? 700 : undefined}
      fill={chosen ? 'var(--chart-highlight)' : 'var(--color-text)'}
      data-selected={chosen || undefined}
    >
      {category}
    </text>
  );
}
