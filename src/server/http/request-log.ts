import type { Logger } from '../logging/logger';
import type { RequestState } from './respond';

/**
 * Anything key-like in a path: the prefix and what follows it, or 48 hexadecimal characters in a
 * row (a key pasted without its prefix). Case-insensitive, since a path can be typed in any case.
 */
const KEY_IN_PATH = /slab_live_[0-9a-z]*|[0-9a-f]{48,}/gi;

/**
 * The path as logged (decoded, as Hono reads it): anything key-like masked (a key sent in the
 * path), then cut to 200 characters, so that a cut never leaves part of a key unmasked.
 */
export const loggablePath = (path: string): string => path.replace(KEY_IN_PATH, '[key masked]').slice(0, 200);

/** The one log line of a request: never a key, a query or a body. */
export function logRequest(
  logger: Logger,
  method: string,
  path: string,
  status: number,
  state: RequestState,
  started: number,
): void {
  logger.info('request', {
    request_id: state.requestId,
    method,
    path: loggablePath(path),
    status,
    ms: Math.round((performance.now() - started) * 100) / 100,
    tier: state.tier,
  });
}
