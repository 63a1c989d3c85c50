/**
 * The "bytes only" reference of the HTTP bench (http.bench.ts): a bare `node:http` server that
 * answers each recorded path with the exact status, headers and body the real server sent for it,
 * and does nothing else: what the answers' bytes alone cost on this machine with autocannon. Each
 * body is kept as bytes and written with its headers in one write, the cheapest way node:http has
 * to send it (a text body would be encoded to UTF-8 on every call). (Its
 * ratios are against its own ping, which costs next to nothing; http.bench.ts turns them into the
 * most the real server's ratio could be, given the real server's ping.)
 *
 * Usage: tsx e2e/bench/bytes-only-server.ts ANSWERS.json PORT
 * (ANSWERS.json: { [path]: { status, headers: [name, value][], body: base64 } }); prints "ready" on stderr.
 * An entry under `gzip <path>` is the answer the real server gave to that path with
 * `Accept-Encoding: gzip`: it is replayed to a request that names gzip in its Accept-Encoding.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedAnswer {
  status: number;
  headers: [string, string][];
  /** base64 */
  body: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error('usage: bytes-only-server.ts ANSWERS.json PORT');
  process.exit(2);
}
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [
    path,
    {
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(answer.body, 'base64'),
    },
  ]),
);

/** The prefix of the recorded gzip answers' names (http.bench.ts writes them; this file runs as a script, so it exports no value). */
const GZIP_PREFIX = 'gzip ';
const anyGzip = [...answers.keys()].some((name) => name.startsWith(GZIP_PREFIX));

createServer((request, response) => {
  const path = request.url ?? '';
  // (A substring test, not a parse of the header: the bench sends only `gzip` or nothing.)
  const gzip = anyGzip && (request.headers['accept-encoding'] ?? '').includes('gzip');
  const answer = (gzip ? answers.get(GZIP_PREFIX + path) : undefined) ?? answers.get(path);
  if (answer === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.error('ready'));
