// Before any schema is built: zod must be jitless (zod-config.ts).
import '../zod-config';
import { ErrorBodySchema } from '../../../contract/errors';
import * as resources from '../../../contract/resources';

/**
 * The contract's answer schemas, as the fetch function parses with them. Loaded on the first call
 * (api-fetch.ts, `loadContractSchemas`), in parallel with the request, not before first paint:
 * with them comes classic zod, about 25 kB gzip that the floor's first paint does not need.
 */
export const contractSchemas = { ...resources, ErrorBodySchema };
export type ContractSchemas = typeof contractSchemas;
