import { useId } from 'react';
import { CATEGORIES, type Category } from '../../../contract/categories';
import { INDEX_START_DATE } from '../../../contract/param-limits';
import { RANGE_PRESETS } from './index-dates';
import { INDEX_METRICS, type IndexView } from './index-view';
import { METRIC_DESCRIPTIONS, METRIC_LABELS } from './metric-format';

/**
 * The index page's choices. Pure: the view comes from the URL and every change goes back to it
 * (the zoom is reset by any change that redraws the range or the series).
 */
export type IndexControlsProps = {
  view: IndexView;
  latest: string | null;
  onChange: (view: IndexView) => void;
};

export function IndexControls({ view, latest, onChange }: IndexControlsProps) {
  const set = (patch: Partial<IndexView>) => onChange({ ...view, zoom: null, ...patch });
  return (
    <form className="index-controls" aria-label="Chart options" onSubmit={(event) => event.preventDefault()}>
      <MetricSelect view={view} onChange={(metric) => onChange({ ...view, metric })} />
      <RangeChoice view={view} latest={latest} set={set} />
      <fieldset className="fieldset index-controls__inline">
        <legend className="field__label">Display</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={view.compare}
            onChange={(event) => onChange({ ...view, compare: event.target.checked })}
          />
          Compare (rebased to 100)
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={view.scale === 'log'}
            onChange={(event) => onChange({ ...view, scale: event.target.checked ? 'log' : 'linear' })}
          />
          Log scale
        </label>
      </fieldset>
      {view.labels.length === 0 ? <CategoryPicker view={view} set={set} /> : null}
    </form>
  );
}

function MetricSelect({
  view,
  onChange,
}: {
  view: IndexView;
  onChange: (metric: IndexView['metric']) => void;
}) {
  const hint = useId();
  return (
    <div className="index-controls__metric">
      <label className="field">
        <span className="field__label">Metric</span>
        <select
          className="select"
          aria-describedby={hint}
          value={view.metric}
          onChange={(event) =>
            onChange(INDEX_METRICS.find((metric) => metric === event.target.value) ?? 'sales_index')
          }
        >
          {INDEX_METRICS.map((metric) => (
            <option key={metric} value={metric}>
              {METRIC_LABELS[metric]}
            </option>
          ))}
        </select>
      </label>
      <p id={hint} className="field__help" data-testid="metric-description">
        {METRIC_DESCRIPTIONS[view.metric]}
      </p>
    </div>
  );
}

type SetView = (patch: Partial<IndexView>) => void;

function RangeChoice({ view, latest, set }: { view: IndexView; latest: string | null; set: SetView }) {
  const id = useId();
  const custom = view.range.kind === 'custom' ? view.range : null;
  const max = latest ?? undefined;
  return (
    <fieldset className="fieldset index-controls__inline">
      <legend className="field__label">Range</legend>
      {RANGE_PRESETS.map((preset) => (
        <label key={preset} className="checkbox">
          <input
            type="radio"
            name={`${id}-range`}
            checked={view.range.kind === 'preset' && view.range.preset === preset}
            onChange={() => set({ range: { kind: 'preset', preset } })}
          />
          {preset === 'all' ? 'All' : preset}
        </label>
      ))}
      <label className="field">
        <span className="field__label">From</span>
        <input
          className="input"
          type="date"
          min={INDEX_START_DATE}
          max={custom?.to ?? max}
          value={custom?.from ?? ''}
          onChange={(event) => set({ range: customRange(view, { from: event.target.value || undefined }) })}
        />
      </label>
      <label className="field">
        <span className="field__label">To</span>
        <input
          className="input"
          type="date"
          min={custom?.from ?? INDEX_START_DATE}
          max={max}
          value={custom?.to ?? ''}
          onChange={(event) => set({ range: customRange(view, { to: event.target.value || undefined }) })}
        />
      </label>
    </fieldset>
  );
}

function customRange(
  view: IndexView,
  patch: { from?: string | undefined; to?: string | undefined },
): IndexView['range'] {
  const current = view.range.kind === 'custom' ? view.range : {};
  const next = { ...current, ...patch };
  const from = next.from;
  const to = next.to;
  if (from === undefined && to === undefined) return { kind: 'preset', preset: 'all' };
  return { kind: 'custom', ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

function CategoryPicker({ view, set }: { view: IndexView; set: SetView }) {
  const toggle = (category: Category, on: boolean) => {
    const next = on ? [...view.categories, category] : view.categories.filter((c) => c !== category);
    if (next.length > 0) set({ categories: CATEGORIES.filter((c) => next.includes(c)) });
  };
  return (
    <fieldset className="fieldset index-controls__categories">
      <legend className="field__label">Categories</legend>
      {CATEGORIES.map((category) => {
        const checked = view.categories.includes(category);
        return (
          <label key={category} className="checkbox">
            <input
              type="checkbox"
              checked={checked}
              disabled={checked && view.categories.length === 1}
              onChange={(event) => toggle(category, event.target.checked)}
            />
            {category}
          </label>
        );
      })}
      <button
        type="button"
        className="button button--small"
        onClick={() => set({ categories: [...CATEGORIES] })}
      >
        All 19
      </button>
    </fieldset>
  );
}
