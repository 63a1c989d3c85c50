import type { UseQueryResult } from '@tanstack/react-query';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import type { ApiRequest } from '../../lib/api/api-request';
import type { RequestPlan } from './index-request-plan';

/**
 * What drawing this chart costs: how many requests, how many of them were new calls (quota) and how
 * many came from the cache, then each exact request ("show the API call").
 */
export type RequestCostProps = {
  plan: RequestPlan;
  /** Series names by key, to say which series each request draws. */
  names: ReadonlyMap<string, string>;
  requests: readonly ApiRequest[];
  results: readonly UseQueryResult<unknown>[];
  seriesCount: number;
};

export function requestCostSummary(plan: RequestPlan, seriesCount: number): string {
  const count = plan.requests.length;
  const cached = count - plan.calls;
  const requests = `${count} request${count === 1 ? '' : 's'} for ${seriesCount} series`;
  const calls = `${plan.calls} new call${plan.calls === 1 ? '' : 's'}`;
  return `${requests}: ${calls}${cached > 0 ? `, ${cached} from the cache (0 calls)` : ''}. Changing the range, zoom or scale, or between listing metrics, costs no call; the sales index is one call of its own.`;
}

export function RequestCost({ plan, names, requests, results, seriesCount }: RequestCostProps) {
  return (
    <section className="request-cost" aria-label="Cost of this chart">
      <p className="request-cost__summary" data-testid="request-cost">
        {requestCostSummary(plan, seriesCount)}
      </p>
      <ol className="request-cost__list">
        {requests.map((request, index) => {
          const result = results[index];
          const serves = plan.requests[index]?.serves.map((key) => names.get(key) ?? key) ?? [];
          return result === undefined ? null : (
            <li key={JSON.stringify(request.params)}>
              <span className="request-cost__serves">Draws {serves.join(', ')}</span>
              <ApiCallPanel request={request} result={result} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
