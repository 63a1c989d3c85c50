import type { Duplex } from 'node:stream';
import { API_CSP } from './response';

/** What the server's `clientError` event is given: a Node HTTP parser error (`code` HPE_...). */
type ClientError = Error & { code?: string };

/** A server that reports requests Node could not parse (node:http's Server, and so `serve`'s). */
interface ClientErrorSource {
  on(event: 'clientError', listener: (error: ClientError, socket: Duplex) => void): unknown;
}

export const HEADERS_TOO_LARGE_HINT =
  'The request line and headers are larger than this server accepts (16 kB in all): send a shorter query, or fewer or smaller headers.';
export const MALFORMED_REQUEST_HINT =
  'The request is not well-formed HTTP/1.1, so the server could not read it. Send a GET with the parameters in the query string.';

/**
 * Requests Node rejects before any handler sees them (a 100 kB query, a malformed request line)
 * are answered with `{error, hint}` like every error, instead of Node's bare `431`/`400` with no
 * body; the connection is then closed, as Node would.
 */
export function answerClientErrors(server: ClientErrorSource): void {
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = tooLarge
      ? '431 Request Header Fields Too Large'
      : timedOut
        ? '408 Request Timeout'
        : '400 Bad Request';
    const hint = tooLarge
      ? HEADERS_TOO_LARGE_HINT
      : timedOut
        ? 'The request did not arrive in time. Send it again.'
        : MALFORMED_REQUEST_HINT;
    const body = JSON.stringify({ error: 'invalid_parameter', hint });
    socket.end(
      `HTTP/1.1 ${status}\r\n` +
        'content-type: application/json\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'x-content-type-options: nosniff\r\n' +
        `content-security-policy: ${API_CSP}\r\n` +
        'access-control-allow-origin: *\r\n' +
        'connection: close\r\n\r\n' +
        body,
    );
  });
}
