import { z } from 'zod/mini';
import { CATEGORIES, type Category } from '../../../contract/categories';
import { type UrlParams, type UrlSchema, urlFlag, urlList, urlSchema } from '../../lib/url-state/url-schema';
import { RANGE_PRESETS, type RangePreset } from './index-dates';

/**
 * Everything the index page shows, as it sits in the URL, so a shared link redraws the same chart:
 *   /index?category=pokemon&category=magic&metric=median&range=3M&compare=1&scale=log
 *   (metric: sales_index, the default, is the weekly sales index of /v1/sales-index; the others are
 *   the daily listing snapshot of /v1/index)
 *   /index?category=pokemon&label=Base+Set&label=Jungle&from=2026-06-01&to=2026-09-30
 *   ...&zoom_from=2026-07-01&zoom_to=2026-08-15   (the brush)
 * Labels belong to exactly one category (the floor page links `?category=...&label=...`).
 */
export const INDEX_METRICS = [
  'sales_index',
  'median',
  'avg',
  'floor_min',
  'total_value',
  'listings',
] as const;
export type IndexMetric = (typeof INDEX_METRICS)[number];

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
  metric: 'sales_index',
  range: { kind: 'preset', preset: 'all' },
  compare: false,
  scale: 'linear',
  zoom: null,
};
export const MAX_LABELS = 8;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (value: string): boolean =>
  ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const ZOOM_PROBLEM = 'zoom_from and zoom_to must be two dates, the first not after the second; zoom reset.';
const isoDate = (message: string) => z.optional(z.string().check(z.refine(isIsoDate, message)));

/** The index page's search parameters, in the order the URL writes them (url-schema.ts). */
const INDEX_PARAMS = {
  category: urlList(
    z.enum(CATEGORIES, {
      error: (issue) => `category "${String(issue.input)}" is not one of: ${CATEGORIES.join(', ')}.`,
    }),
    DEFAULT_CATEGORIES,
  ),
  label: urlList(z.string().check(z.trim(), z.minLength(1, 'an empty label was left out.')), []),
  metric: z._default(
    z.enum(INDEX_METRICS, {
      error: (issue) =>
        `metric "${String(issue.input)}" is not one of ${INDEX_METRICS.join(', ')}; showing sales_index.`,
    }),
    'sales_index',
  ),
  range: z._default(
    z.enum(RANGE_PRESETS, {
      error: (issue) =>
        `range "${String(issue.input)}" is not one of 1M, 3M, 6M, all; showing the whole history.`,
    }),
    'all',
  ),
  from: isoDate('from must be a date as YYYY-MM-DD.'),
  to: isoDate('to must be a date as YYYY-MM-DD.'),
  compare: urlFlag(),
  scale: z._default(
    z.enum(['linear', 'log'], {
      error: (issue) => `scale "${String(issue.input)}" is not linear or log; showing linear.`,
    }),
    'linear',
  ),
  zoom_from: isoDate(ZOOM_PROBLEM),
  zoom_to: isoDate(ZOOM_PROBLEM),
};
type IndexParams = UrlParams<typeof INDEX_PARAMS>;

/** The rules that span several parameters, each broken one with a sentence (shown above the chart). */
function indexViewOf(params: IndexParams): { view: IndexView; problems: string[] } {
  const problems: string[] = [];
  const categories = [...params.category];
  let labels = [...params.label];
  if (labels.length > 0 && categories.length > 1) {
    problems.push(`labels belong to one category; showing the labels of ${categories[0]}.`);
  }
  if (labels.length > MAX_LABELS) {
    problems.push(`at most ${MAX_LABELS} labels at once (one call each); showing the first ${MAX_LABELS}.`);
    labels = labels.slice(0, MAX_LABELS);
  }
  return {
    view: {
      categories: labels.length > 0 ? categories.slice(0, 1) : categories,
      labels,
      metric: params.metric,
      range: rangeOf(params, problems),
      compare: params.compare,
      scale: params.scale,
      zoom: zoomOf(params, problems),
    },
    problems,
  };
}

function rangeOf({ from, to, range }: IndexParams, problems: string[]): RangeChoice {
  if (from !== undefined && to !== undefined && from > to) {
    problems.push('from must be on or before to; showing the whole history.');
    return DEFAULT_INDEX_VIEW.range;
  }
  if (from !== undefined || to !== undefined) {
    return { kind: 'custom', ...(from && { from }), ...(to && { to }) };
  }
  return { kind: 'preset', preset: range };
}

function zoomOf({ zoom_from: from, zoom_to: to }: IndexParams, problems: string[]): IndexView['zoom'] {
  if (from === undefined && to === undefined) return null;
  if (from !== undefined && to !== undefined && from <= to) return { from, to };
  problems.push(ZOOM_PROBLEM);
  return null;
}

function indexParamsOf(view: IndexView): IndexParams {
  return {
    category: view.categories,
    label: view.labels,
    metric: view.metric,
    range: view.range.kind === 'preset' ? view.range.preset : 'all',
    from: view.range.kind === 'custom' ? view.range.from : undefined,
    to: view.range.kind === 'custom' ? view.range.to : undefined,
    compare: view.compare,
    scale: view.scale,
    zoom_from: view.zoom?.from,
    zoom_to: view.zoom?.to,
  };
}

/**
 * The index page's URL state: the view and a sentence for every part it had to ignore. Written
 * canonically: defaults left out, categories and labels in the order chosen.
 */
export const INDEX_URL: UrlSchema<IndexView> = urlSchema(INDEX_PARAMS, {
  read: indexViewOf,
  write: indexParamsOf,
});
