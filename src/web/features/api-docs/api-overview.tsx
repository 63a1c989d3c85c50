import { BILLING_RULE } from '../../../contract/billing';
import { ENDPOINT_PATHS } from '../../../contract/endpoint-paths';
import type { IndexDocument } from '../../../contract/resources';
import { TierTable } from '../../components/tier-table';
import { absoluteRequestUrl, apiRequest } from '../../lib/api/api-request';
import { pricedTiers, pricingRemark } from '../../lib/quota/pricing';
import { InlineText } from './inline-text';
import type { ApiDocs } from './openapi-model';

/** Headers every answer may carry, described once (their text comes from the document). */
export function sharedHeaders(docs: ApiDocs): { name: string; description: string }[] {
  const seen = new Map<string, string>();
  for (const op of docs.operations) {
    for (const response of op.responses) {
      for (const header of response.headers) {
        if (!seen.has(header.name) || !seen.get(header.name)) seen.set(header.name, header.description);
      }
    }
  }
  return [...seen].map(([name, description]) => ({ name, description }));
}

/** Error codes by status across every operation: `429: quota_exceeded, rate_limited`. */
export function errorCodesByStatus(docs: ApiDocs): { status: string; codes: string[] }[] {
  const byStatus = new Map<string, Set<string>>();
  for (const op of docs.operations) {
    for (const response of op.responses) {
      if (!/^[45]/.test(response.status)) continue;
      const codes = byStatus.get(response.status) ?? new Set<string>();
      for (const code of response.codes) codes.add(code);
      byStatus.set(response.status, codes);
    }
  }
  return (
    [...byStatus]
      // Status codes: plain order (localeCompare's first call loads ICU's collation, 140 ms on a phone).
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([status, codes]) => ({ status, codes: [...codes].sort() }))
  );
}

/**
 * What every operation shares: the key, the quota and the rate limit, the headers, conditional
 * requests and the error body. Numbers the server owns (tiers, quotas) come from GET /v1.
 */
export function ApiOverview({
  docs,
  index,
  baseUrl,
}: {
  docs: ApiDocs;
  index: IndexDocument | undefined;
  baseUrl: string;
}) {
  const tiers = pricedTiers(index?.pricing);
  const headers = sharedHeaders(docs);
  const errors = errorCodesByStatus(docs);
  const floorUrl = absoluteRequestUrl(apiRequest(baseUrl, ENDPOINT_PATHS.floor));
  return (
    <section className="panel api-overview" id="overview" aria-labelledby="overview-title">
      <h2 id="overview-title">Authentication, quota and headers</h2>

      <h3>Authentication</h3>
      {index?.auth ? <p>{index.auth}</p> : null}
      {docs.security.length > 0 ? (
        <ul>
          {docs.security.map((scheme) => (
            <li key={scheme.name}>
              <code>{scheme.name}</code>: {scheme.where}
              {scheme.description ? (
                <>
                  {' '}
                  — <InlineText text={scheme.description} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Operations marked <span className="badge">no key</span> need none. A missing, malformed, unknown or
        revoked key is answered <code>401 missing_or_malformed_key</code> with a hint that says which.
      </p>

      <h3>Quota and rate limits</h3>
      <p>
        Each tier's numbers are under <a href="#limits">Limits</a>.
      </p>
      {index?.pricing ? (
        <p>
          {tiers.length > 0 ? pricingRemark(index.pricing).replace(BILLING_RULE, '').trim() : index.pricing}
        </p>
      ) : null}
      <p>
        What spends a call is under <a href="#limits">Limits</a>. <code>meta.remaining</code> in each answer
        is what is left this month. A spent quota is <code>429 quota_exceeded</code>, with{' '}
        <code>Retry-After</code> until the month resets.
      </p>
      <p>
        Besides the monthly quota, each key may send only so many requests a second (with short bursts),
        whatever their status. Past it the answer is <code>429 rate_limited</code> with{' '}
        <code>Retry-After</code> in seconds; it spends no quota, and a retry after that wait succeeds.
      </p>

      {headers.length > 0 ? (
        <>
          <h3>Headers</h3>
          <dl className="api-overview__headers">
            {headers.map((header) => (
              <div key={header.name}>
                <dt>
                  <code>{header.name}</code>
                </dt>
                <dd>
                  <InlineText text={header.description} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}

      <h3>Conditional requests</h3>
      <p>
        A keyed answer carries an <code>ETag</code> of its <code>data</code>. Send it back in{' '}
        <code>If-None-Match</code>: while the data is unchanged the answer is <code>304 Not Modified</code>{' '}
        with no body, and it <strong>costs nothing</strong> of the quota (the rate limit still counts it).
        Polling an unchanged floor is free. Try it below with “Send again with If-None-Match”.
      </p>
      <pre className="code-block__code code-block">
        {`curl -i '${floorUrl}' -H 'x-api-key: <API_KEY>'\n# ETag: "…"\ncurl -i '${floorUrl}' -H 'x-api-key: <API_KEY>' -H 'If-None-Match: "…"'\n# HTTP/1.1 304 Not Modified   (meta.remaining unchanged)`}
      </pre>

      <h3>Errors</h3>
      <p>
        Every error is a JSON body <code>{'{error, hint}'}</code>: <code>error</code> is a stable code to
        switch on, <code>hint</code> a sentence for people that says what to change.
      </p>
      {errors.length > 0 ? (
        <ul>
          {errors.map((entry) => (
            <li key={entry.status}>
              <strong>{entry.status}</strong>{' '}
              {entry.codes.length > 0
                ? entry.codes.map((code) => (
                    <code key={code} className="api-op__code">
                      {code}
                    </code>
                  ))
                : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Limits, up front: each tier's price, monthly quota, requests a second and compute budget as GET /v1
 * states them, then what spends and what does not.
 */
export function ApiLimits({ index }: { index: IndexDocument | undefined }) {
  const tiers = pricedTiers(index?.pricing);
  return (
    <section className="panel api-overview" id="limits" aria-labelledby="limits-title">
      <h2 id="limits-title">Limits</h2>
      {tiers.length > 0 || index?.plans ? <TierTable tiers={tiers} plans={index?.plans} /> : null}
      <ul>
        <li>
          <strong>Quota</strong> (calls a UTC calendar month): {BILLING_RULE} <code>GET /v1/usage</code> says
          what the key spent, by day and by operation, for free.
        </li>
        <li>
          <strong>Requests a second</strong>: every keyed request takes a token of the key's bucket, refilled
          at the tier's rate up to its burst; past it, <code>429 rate_limited</code> with{' '}
          <code>Retry-After</code>.
        </li>
        <li>
          <strong>Compute budget</strong>: the server time of the key's requests, in milliseconds a second
          (burst in brackets); cached answers cost next to nothing.
        </li>
        <li>
          <strong>Conditional requests</strong>: send the <code>ETag</code> back in <code>If-None-Match</code>
          ; an unchanged answer is <code>304</code> and costs nothing.
        </li>
      </ul>
    </section>
  );
}
