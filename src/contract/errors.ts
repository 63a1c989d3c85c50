import { z } from 'zod';

/** decisions.md: every error body is `{error, hint}`. */
export const ERROR_CODES = [
  'invalid_parameter',
  'missing_or_malformed_key',
  'no_match',
  'not_found',
  'method_not_allowed',
  'quota_exceeded',
  'rate_limited',
  'internal_error',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_parameter: 400,
  missing_or_malformed_key: 401,
  no_match: 404,
  not_found: 404,
  method_not_allowed: 405,
  quota_exceeded: 429,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
};

/** Tolerant on `error` (another server may add codes); both members are required strings. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  hint: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MISSING_KEY_HINT =
  'Send your API key in the x-api-key header (or the key query parameter): slab_live_ followed by 48 lowercase hexadecimal characters. A free key gives 1,000 calls a month.';
