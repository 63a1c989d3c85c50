import { useQuery } from '@tanstack/react-query';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { openapiQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { operationsOf } from './openapi-operations';

/** Settings: the API reference, rendered from the server's own GET /v1/openapi.json (no key). */
export function ApiReference() {
  const options = openapiQuery(useApiConnection());
  const result = useQuery(options);
  return (
    <section className="panel" aria-labelledby="reference-title">
      <div className="panel__header">
        <h2 id="reference-title">API reference</h2>
        {result.data ? (
          <p className="page__meta">
            {result.data.info.title} {result.data.info.version}, OpenAPI {result.data.openapi}
          </p>
        ) : null}
      </div>
      <QueryState result={result} label="the API reference">
        {(spec) => (
          <ul className="reference-list">
            {operationsOf(spec).map((op) => (
              <li key={`${op.method} ${op.path}`} className="reference-list__item">
                <p className="reference-list__op">
                  <span className="api-call__method">{op.method}</span> <code>{op.path}</code>
                </p>
                {op.summary ? <p className="reference-list__summary">{op.summary}</p> : null}
                {op.parameters.length > 0 ? (
                  <ul className="reference-list__params">
                    {op.parameters.map((param) => (
                      <li key={param.name}>
                        <code>{param.name}</code>
                        {param.required ? ' (required)' : ''}
                        {param.description ? `: ${param.description}` : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ApiCallPanel request={options.queryKey[1]} result={result} />
    </section>
  );
}
