import { get, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes that arrived, as they arrived (no decoding of any Content-Encoding). */
  body: Buffer;
}

/**
 * One request over a real socket with node:http, which sends no Accept-Encoding unless given. A
 * body shorter than its Content-Length would leave the client waiting: that fails after `timeoutMs`.
 */
export function rawGet(
  url: string,
  headers: Record<string, string>,
  options: { method?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const timeout = options.timeoutMs ?? 3000;
  return new Promise((done, fail) => {
    get(url, { headers, method: options.method ?? 'GET', timeout }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('timeout', () => fail(new Error(`${url}: no complete answer in ${timeout} ms`)))
      .on('error', fail);
  });
}
