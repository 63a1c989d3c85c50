import './api-docs.css';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { BILLING_RULE } from '../../../contract/billing';
import { QueryState } from '../../components/query-state/query-state';
import { absoluteRequestUrl } from '../../lib/api/api-request';
import { indexDocumentQuery, openapiDocumentQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { usePageTitle } from '../../lib/use-page-title';
import { useRevealed } from '../../lib/use-revealed';
import { ApiLimits, ApiOverview } from './api-overview';
import { Paragraphs } from './inline-text';
import { type ApiDocs, type DocOperation, readApiDocs } from './openapi-model';
import { OperationSection } from './operation-section';

/**
 * `/docs`: the API reference, rendered from the server's own GET /v1/openapi.json: authentication,
 * quota and rate limits, the headers, conditional requests, then every operation with its
 * parameters, answer fields, errors, an example answer and "try it" with the visitor's key.
 * Written here rather than with a reference renderer: Redoc and Scalar weigh hundreds of kB and
 * need inline scripts or eval that the page CSP refuses.
 */
export function ApiDocsPage() {
  usePageTitle('API docs');
  const api = useApiConnection();
  const options = openapiDocumentQuery(api);
  const result = useQuery({ ...options, select: readApiDocs });
  const index = useQuery(indexDocumentQuery(api)).data;
  const docs = result.data;
  return (
    <div className="page api-docs">
      <div className="page__header">
        <div>
          <h1>API docs</h1>
          <p className="page__meta">
            {docs
              ? `${docs.title} ${docs.version}, from its OpenAPI ${docs.openapi} description`
              : 'From the server’s OpenAPI description'}{' '}
            (<a href={absoluteRequestUrl(options.queryKey[1])}>openapi.json</a>)
          </p>
        </div>
      </div>
      <QueryState result={result} label="the API description">
        {(loaded: ApiDocs) => (
          <div className="api-docs__layout">
            <nav className="api-docs__toc panel" aria-label="Operations">
              <h2 className="api-docs__toc-title">On this page</h2>
              <ul>
                <li>
                  <a href="#limits">Limits</a>
                </li>
                <li>
                  <a href="#overview">Authentication, quota, headers</a>
                </li>
                {loaded.operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${op.id}`}>
                      <span className="api-call__method">{op.method}</span> {op.path}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="api-docs__main">
              {loaded.description ? (
                <div className="panel">
                  {/* The billing rule it holds is stated under Limits, right below. */}
                  <Paragraphs
                    text={loaded.description.replace(` ${BILLING_RULE}`, '')}
                    className="api-docs__intro"
                  />
                </div>
              ) : null}
              <ApiLimits index={index} />
              <ApiOverview docs={loaded} index={index} baseUrl={api.baseUrl} />
              <Operations operations={loaded.operations} baseUrl={api.baseUrl} />
            </div>
          </div>
        )}
      </QueryState>
    </div>
  );
}

/**
 * Every operation, drawn one per task after the first: drawn at once, the page's 3,500 boxes were
 * one layout of 490-580 ms on a phone (Lighthouse's 4x slower CPU), `content-visibility` or not.
 * Memoised: GET /v1 answering re-renders the page (its limits and tiers), synchronously as every
 * react-query answer is, and redrawing the operations with it took one task of 73 ms on a phone.
 */
const Operations = memo(function Operations({
  operations,
  baseUrl,
}: {
  operations: readonly DocOperation[];
  baseUrl: string;
}) {
  const shown = useRevealed(operations.length, 1);
  return operations.slice(0, shown).map((op) => <OperationSection key={op.id} op={op} baseUrl={baseUrl} />);
});
