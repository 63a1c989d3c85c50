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
 * (ANSWERS.json: { [path]: { status, headers: [name, value][], body: base64 } }); prints "ready".
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

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (answer === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
