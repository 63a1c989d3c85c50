import { formatInteger } from '../lib/format';
import type { PricedTier } from '../lib/quota/pricing';

/** The tiers and their monthly quotas, as GET /v1 `pricing` states them (lib/quota/pricing.ts). */
export function TierTable({ tiers }: { tiers: PricedTier[] }) {
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
