import type { OpenApi } from '../../lib/api/queries';

/** The operations of an OpenAPI description, flattened for the settings page's reference list. */
export interface Operation {
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
