import type { Category } from '../../../contract/categories';
import type { IndexView } from './index-view';

/**
 * Which `/v1/index` calls draw a view, as few as the API allows (each 2xx call is one unit of quota):
 * - `/v1/index` without `category` answers every category at once, so two or more categories are
 *   one call, not one each;
 * - an index row carries its `category` but no label, so a label's series needs its own call
 *   (`category` + `label`), and no category-wide answer can stand in for it;
 * - a request already fresh in the cache costs nothing, so it is reused whenever it covers a series
 *   (the all-categories answer covers any category).
 * Requests never carry `from`/`to`: the whole history is one call either way, and every range, preset
 * or zoom is then cut from it in the browser, so changing the range costs no call.
 */
export type SeriesSpec = { key: string; name: string; category: Category; label: string | null };
export type IndexRequestParams = { category?: Category; label?: string };
export type PlannedRequest = { params: IndexRequestParams; serves: string[]; cached: boolean };
export type RequestPlan = { requests: PlannedRequest[]; calls: number };
export type IsFresh = (params: IndexRequestParams) => boolean;

export function seriesOfView(view: Pick<IndexView, 'categories' | 'labels'>): SeriesSpec[] {
  const [first] = view.categories;
  if (view.labels.length > 0 && first !== undefined) {
    return view.labels.map((label) => ({
      key: `label:${first}:${label}`,
      name: label,
      category: first,
      label,
    }));
  }
  return view.categories.map((category) => ({
    key: `category:${category}`,
    name: category,
    category,
    label: null,
  }));
}

export function planIndexRequests(series: SeriesSpec[], isFresh: IsFresh): RequestPlan {
  const labelled = series.filter((spec) => spec.label !== null);
  const categories = series.filter((spec) => spec.label === null);
  const requests = [
    ...labelled.map((spec) =>
      request({ category: spec.category, label: spec.label ?? '' }, [spec.key], isFresh),
    ),
    ...planCategories(categories, isFresh),
  ];
  return { requests, calls: requests.filter((planned) => !planned.cached).length };
}

function planCategories(series: SeriesSpec[], isFresh: IsFresh): PlannedRequest[] {
  if (series.length === 0) return [];
  const all = series.map((spec) => spec.key);
  if (isFresh({})) return [request({}, all, isFresh)];
  const missing = series.filter((spec) => !isFresh({ category: spec.category }));
  // One new call at most: the category's own answer when only one is missing (a smaller payload),
  // otherwise the all-categories answer, which then serves every series.
  if (missing.length > 1) return [request({}, all, isFresh)];
  return series.map((spec) => request({ category: spec.category }, [spec.key], isFresh));
}

const request = (params: IndexRequestParams, serves: string[], isFresh: IsFresh): PlannedRequest => ({
  params,
  serves,
  cached: isFresh(params),
});
