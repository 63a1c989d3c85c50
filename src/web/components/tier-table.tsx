import type { Plan } from '../../contract/resources';
import { formatDecimal, formatInteger } from '../lib/format';
import type { PricedTier } from '../lib/quota/pricing';
import { TableScroll } from './table-scroll';

/** `$0`, `$49`, `$49.50` a month. */
export const formatPrice = (dollars: number): string =>
  `$${formatDecimal(dollars, 2, Number.isInteger(dollars) ? 0 : 2)}`;

/**
 * The tiers side by side as GET /v1 states them: with `plans`, price, monthly quota, request rate
 * and compute budget; else the quotas of the `pricing` sentence (lib/quota/pricing.ts).
 */
export function TierTable({ tiers, plans }: { tiers: PricedTier[]; plans?: Plan[] | undefined }) {
  if (plans && plans.length > 0) return <PlanTable plans={plans} />;
  return (
    <table className="get-a-key__tiers">
      <caption className="visually-hidden">Tiers and monthly quotas</caption>
      <thead>
        <tr>
          <th scope="col">Tier</th>
          <th scope="col">Calls a month</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((priced) => (
          <tr key={priced.tier}>
            <th scope="row">{priced.tier}</th>
            <td>
              {formatInteger(priced.quota)}
              {priced.note ? <span className="get-a-key__note"> ({priced.note})</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PlanTable({ plans }: { plans: Plan[] }) {
  return (
    <TableScroll label="Tiers">
      <table className="get-a-key__tiers" data-testid="plan-table">
        <caption className="visually-hidden">
          Tiers: price, monthly quota, request rate and compute budget
        </caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Price a month</th>
            <th scope="col">Calls a month</th>
            <th scope="col">Requests a second (burst)</th>
            <th scope="col">Compute budget, ms of server time a second (burst)</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.tier}>
              <th scope="row">{plan.tier}</th>
              <td>{formatPrice(plan.price_usd_month)}</td>
              <td>{formatInteger(plan.calls_month)}</td>
              <td>
                {formatInteger(plan.requests_per_second)} ({formatInteger(plan.burst)})
              </td>
              <td>
                {formatInteger(plan.compute_ms_per_second)} ({formatInteger(plan.compute_burst_ms)})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
