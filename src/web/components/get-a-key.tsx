import { useQuery } from '@tanstack/react-query';
import { indexDocumentQuery } from '../lib/api/queries';
import { useApiConnection } from '../lib/api/use-api-connection';
import { pricedTiers, pricingRemark } from '../lib/quota/pricing';
import { TierTable } from './tier-table';

/**
 * "Get a key": the tiers and their monthly quotas as the server states them (GET /v1 `pricing`,
 * no key, cached for the day), how a key is sent (`auth`), and where keys come from. A disclosure,
 * so it is one click away wherever a key is talked about (front door, key dialog, Settings).
 */
export function GetAKey({ open = false }: { open?: boolean }) {
  const doc = useQuery(indexDocumentQuery(useApiConnection())).data;
  const tiers = pricedTiers(doc?.pricing);
  return (
    <details className="get-a-key" open={open}>
      <summary>Get a key: tiers, prices and limits</summary>
      {doc ? (
        <div className="get-a-key__body">
          {tiers.length > 0 || doc.plans ? <TierTable tiers={tiers} plans={doc.plans} /> : null}
          <p>{tiers.length > 0 ? pricingRemark(doc.pricing) : doc.pricing}</p>
          <p>{doc.auth}</p>
          <p>
            Keys of your own are issued by whoever runs this server: this demo takes no payment and sells no
            key. On a server of your own: <code>npm run keys -- create --tier pro</code>.
          </p>
        </div>
      ) : (
        <p className="get-a-key__body">
          The server's tiers and quotas are not known yet (GET /v1 has not answered).
        </p>
      )}
    </details>
  );
}
