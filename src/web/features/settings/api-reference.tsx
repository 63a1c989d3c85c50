import { useQuery } from '@tanstack/react-query';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { type OpenApi, openapiQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/** Settings: the API reference, rendered from the server's own GET /v1/openapi.json (no key). */
interface Operation {
  method: string;
  path: string;
  summary: string;
  parameters: { name: string; required: boolean; description: string }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(spec: OpenApi): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, raw]) => {
        const op = (raw ?? {}) as { summary?: unknown; parameters?: unknown };
        const parameters = Array.isArray(op.parameters) ? op.parameters : [];
        return {
          method: method.toUpperCase(),
          path,
          summary: typeof op.summary === 'string' ? op.summary : '',
          parameters: parameters.flatMap(
            (p: { name?: unknown; required?: unknown; description?: unknown }) =>
              typeof p?.name === 'string'
                ? [
                    {
                      name: p.name,
                      required: p.required === true,
                      description: typeof p.description === 'string' ? p.description : '',
                    },
                  ]
                : [],
          ),
        };
      }),
  );
}

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
