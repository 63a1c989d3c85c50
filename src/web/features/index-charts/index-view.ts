import { CATEGORIES, type Category, isCategory } from '../../../contract/categories';
import { isRangePreset, type RangePreset } from './index-dates';

/**
 * Everything the index page shows, as it sits in the URL, so a shared link redraws the same chart:
 *   /index?category=pokemon&category=magic&metric=median&range=3M&compare=1&scale=log
 *   /index?category=pokemon&label=Base+Set&label=Jungle&from=2026-06-01&to=2026-09-30
 *   ...&zoom_from=2026-07-01&zoom_to=2026-08-15   (the brush)
 * Labels belong to exactly one category (the floor page links `?category=...&label=...`).
 */
export const INDEX_METRICS = ['avg', 'median', 'floor_min', 'total_value', 'listings'] as const;
export type IndexMetric = (typeof INDEX_METRICS)[number];
const isMetric = (value: string): value is IndexMetric =>
  (INDEX_METRICS as readonly string[]).includes(value);

export type RangeChoice =
  | { kind: 'preset'; preset: RangePreset }
  | { kind: 'custom'; from?: string; to?: string };
export type ChartScale = 'linear' | 'log';

export type IndexView = {
  categories: Category[];
  labels: string[];
  metric: IndexMetric;
  range: RangeChoice;
  compare: boolean;
  scale: ChartScale;
  zoom: { from: string; to: string } | null;
};

export const DEFAULT_CATEGORIES: Category[] = ['baseball', 'basketball', 'football', 'pokemon'];
export const DEFAULT_INDEX_VIEW: IndexView = {
  categories: DEFAULT_CATEGORIES,
  labels: [],
  metric: 'avg',
  range: { kind: 'preset', preset: 'all' },
  compare: false,
  scale: 'linear',
  zoom: null,
};
export const MAX_LABELS = 8;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (value: string | null): value is string =>
  value !== null && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The URL's view, and a sentence for every part it had to ignore (shown above the chart). */
export type ReadView = { view: IndexView; problems: string[] };

export function readIndexView(search: URLSearchParams): ReadView {
  const problems: string[] = [];
  const categories = readCategories(search.getAll('category'), problems);
  const labels = readLabels(search.getAll('label'), categories, problems);
  const metricRaw = search.get('metric');
  if (metricRaw !== null && !isMetric(metricRaw)) {
    problems.push(`metric "${metricRaw}" is not one of ${INDEX_METRICS.join(', ')}; showing avg.`);
  }
  const scaleRaw = search.get('scale');
  if (scaleRaw !== null && scaleRaw !== 'log' && scaleRaw !== 'linear') {
    problems.push(`scale "${scaleRaw}" is not linear or log; showing linear.`);
  }
  return {
    view: {
      categories: labels.length > 0 ? categories.slice(0, 1) : categories,
      labels,
      metric: metricRaw !== null && isMetric(metricRaw) ? metricRaw : 'avg',
      range: readRange(search, problems),
      compare: search.get('compare') === '1',
      scale: scaleRaw === 'log' ? 'log' : 'linear',
      zoom: readZoom(search, problems),
    },
    problems,
  };
}

function readCategories(raw: string[], problems: string[]): Category[] {
  const unknown = raw.filter((value) => !isCategory(value));
  if (unknown.length > 0) {
    problems.push(`category "${unknown.join('", "')}" is not one of: ${CATEGORIES.join(', ')}.`);
  }
  const known = [...new Set(raw.filter(isCategory))];
  return known.length > 0 ? known : DEFAULT_CATEGORIES;
}

function readLabels(raw: string[], categories: Category[], problems: string[]): string[] {
  const labels = [...new Set(raw.map((label) => label.trim()).filter((label) => label !== ''))];
  if (labels.length === 0) return [];
  if (categories.length > 1) {
    problems.push(`labels belong to one category; showing the labels of ${categories[0]}.`);
  }
  if (labels.length > MAX_LABELS) {
    problems.push(`at most ${MAX_LABELS} labels at once (one call each); showing the first ${MAX_LABELS}.`);
  }
  return labels.slice(0, MAX_LABELS);
}

function readRange(search: URLSearchParams, problems: string[]): RangeChoice {
  const from = search.get('from');
  const to = search.get('to');
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value !== null && !isIsoDate(value)) problems.push(`${name} must be a date as YYYY-MM-DD.`);
  }
  const validFrom = isIsoDate(from) ? from : undefined;
  const validTo = isIsoDate(to) ? to : undefined;
  if (validFrom !== undefined && validTo !== undefined && validFrom > validTo) {
    problems.push('from must be on or before to; showing the whole history.');
    return DEFAULT_INDEX_VIEW.range;
  }
  if (validFrom !== undefined || validTo !== undefined) {
    return { kind: 'custom', ...(validFrom && { from: validFrom }), ...(validTo && { to: validTo }) };
  }
  const preset = search.get('range');
  if (preset === null) return DEFAULT_INDEX_VIEW.range;
  if (isRangePreset(preset)) return { kind: 'preset', preset };
  problems.push(`range "${preset}" is not one of 1M, 3M, 6M, all; showing the whole history.`);
  return DEFAULT_INDEX_VIEW.range;
}

function readZoom(search: URLSearchParams, problems: string[]): IndexView['zoom'] {
  const from = search.get('zoom_from');
  const to = search.get('zoom_to');
  if (from === null && to === null) return null;
  if (isIsoDate(from) && isIsoDate(to) && from <= to) return { from, to };
  problems.push('zoom_from and zoom_to must be two dates, the first not after the second; zoom reset.');
  return null;
}

/** The canonical URL of a view: defaults left out, categories and labels in the order chosen. */
export function writeIndexView(view: IndexView): URLSearchParams {
  const search = new URLSearchParams();
  const defaultCategories =
    view.labels.length === 0 &&
    view.categories.length === DEFAULT_CATEGORIES.length &&
    view.categories.every((category, index) => category === DEFAULT_CATEGORIES[index]);
  if (!defaultCategories) for (const category of view.categories) search.append('category', category);
  for (const label of view.labels) search.append('label', label);
  if (view.metric !== 'avg') search.set('metric', view.metric);
  if (view.range.kind === 'preset') {
    if (view.range.preset !== 'all') search.set('range', view.range.preset);
  } else {
    if (view.range.from !== undefined) search.set('from', view.range.from);
    if (view.range.to !== undefined) search.set('to', view.range.to);
  }
  if (view.compare) search.set('compare', '1');
  if (view.scale === 'log') search.set('scale', 'log');
  if (view.zoom !== null) {
    search.set('zoom_from', view.zoom.from);
    search.set('zoom_to', view.zoom.to);
  }
  return search;
}
