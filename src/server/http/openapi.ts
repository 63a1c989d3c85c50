import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { PARAMETER_DESCRIPTIONS, SECURITY_SCHEMES } from './routes';

export const OPENAPI_VERSION = '1.1.0';

interface ParameterObject {
  name: string;
  in: string;
  description?: string;
}

/**
 * The OpenAPI 3.1 document, generated from the routes the server validates with. Parameter
 * descriptions are added from PARAMETER_DESCRIPTIONS; their rules (types, enums, patterns,
 * required) come from the contract's schemas.
 */
// biome-ignore lint/suspicious/noExplicitAny: the app's route schema type is irrelevant here
export function createOpenApiDocument<E extends Env>(app: OpenAPIHono<E, any, any>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyHeader', SECURITY_SCHEMES.ApiKeyHeader);
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyQuery', SECURITY_SCHEMES.ApiKeyQuery);
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Slab Terminal Graded-Card Market Data API',
      version: OPENAPI_VERSION,
      description:
        'Derived market analytics for graded trading cards. Every data response is `{meta, data}`; errors are `{error, hint}`. Send a key in the x-api-key header (or the key query parameter). Each successful data response spends one call of the monthly quota of the key.',
    },
  });
  for (const pathItem of Object.values(document.paths ?? {})) {
    const parameters = (pathItem.get?.parameters ?? []) as ParameterObject[];
    for (const parameter of parameters) {
      const description = PARAMETER_DESCRIPTIONS[parameter.name];
      if (parameter.in === 'query' && description !== undefined) parameter.description ??= description;
    }
  }
  return document;
}
