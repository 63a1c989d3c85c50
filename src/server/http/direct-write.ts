import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type AppEnv, apiHeaders, markComplete, type RequestState } from './response';

/**
 * The direct write: a large keyed answer leaves as one writev of its per-call head and the bytes the
 * response cache keeps, instead of @hono/node-server encoding the whole body text again. Measured in
 * docs/bench/speed-pieces.md; this is the one place the server bypasses the adapter.
 */

/** What is used of a Node `ServerResponse` to write an answer directly (`writeDirect`). */
export interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  cork(): void;
  write(chunk: string, encoding: 'latin1'): unknown;
  end(chunk: Uint8Array): unknown;
}

/**
 * Bodies of at least this many bytes are written straight to the Node response (`directJson`).
 * Below it the saving is smaller than the cost of leaving @hono/node-server's fast path
 * (docs/bench/speed-pieces.md).
 */
export const DIRECT_MIN_BYTES = 8 * 1024;

const DIRECT_BODY = Symbol('direct body');
interface DirectBody {
  readonly headers: Record<string, string>;
  readonly head: string;
  readonly tail: Uint8Array;
}
type Direct = Response & { [DIRECT_BODY]?: DirectBody };

/**
 * A 200 JSON answer whose body is `head` (ASCII text) then `tail` (UTF-8 bytes the response cache
 * keeps), marked so that the server's fetch writes it to the Node response itself (`writeDirect`):
 * the head and the kept bytes go out in one writev, where @hono/node-server would encode the whole
 * body text to UTF-8 again on every call. The response's own body is the same bytes as text
 * (`text`), which is what anything else reading it sees (a HEAD, a test's in-process request).
 */
export function directJson(
  state: RequestState,
  head: string,
  tail: Uint8Array,
  text: string,
  extra: Record<string, string>,
): Response {
  const headers = apiHeaders(state.requestId, true, extra, state.https);
  const response = markComplete(new Response(text, { status: 200, headers })) as Direct;
  response[DIRECT_BODY] = { headers, head, tail };
  return response;
}

/** Writes a marked answer (`directJson`) to the Node response; false, writing nothing, for any other. */
export function writeDirect(response: Response, outgoing: NodeResponse): boolean {
  const direct = (response as Direct)[DIRECT_BODY];
  if (direct === undefined) return false;
  outgoing.writeHead(200, direct.headers);
  // Corked, the head and the tail leave in one write (`end` uncorks).
  outgoing.cork();
  outgoing.write(direct.head, 'latin1');
  outgoing.end(direct.tail);
  return true;
}

type Fetch = (request: Request, env?: AppEnv['Bindings']) => Response | Promise<Response>;

/** The app's fetch, with each marked answer (`directJson`) written here to the Node response. */
export function withDirectWrite(fetch: Fetch): Fetch {
  const written = (env: AppEnv['Bindings']) => (response: Response) =>
    env?.outgoing instanceof ServerResponse && writeDirect(response, env.outgoing)
      ? RESPONSE_ALREADY_SENT
      : response;
  return (request, env) => {
    const response = fetch(request, env);
    return response instanceof Promise ? response.then(written(env)) : written(env)(response);
  };
}
