// Before any schema is built: zod must be jitless (zod-config.ts).
import '../zod-config';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../contract/errors';
import * as resources from '../../../contract/resources';

/**
 * The contract's answer schemas, as the fetch function parses with them. Loaded on the first call
 * (api-fetch.ts, `loadContractSchemas`), in parallel with the request, not before first paint:
 * with them comes classic zod, about 25 kB gzip that the floor's first paint does not need.
 */
/**
 * The whole OpenAPI document (the docs page), kept as it came: the page follows `$ref`s into
 * `components`, reads `examples`, descriptions and security schemes, which a stripping schema would
 * drop. Only the members every 3.x document has are checked. Here, not in the page, so that the
 * page's chunk does not build classic zod when it loads.
 */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.unknown()),
});

export const contractSchemas = { ...resources, ErrorBodySchema, OpenApiDocumentSchema };
export type ContractSchemas = typeof contractSchemas;
