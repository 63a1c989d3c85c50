/**
 * The attacker of the HTTP bench's "no_match flood" row (http-abuse.ts), in a process of its own so
 * that its load does not slow the process that times the probe: one key sends broad questions that
 * match nothing (`/v1/value?q=topps&min_price=9000000+n`, n new on every call so that nothing comes
 * from a cache) as fast as the server answers, from several connections, for a while.
 *
 * Usage: tsx e2e/bench/no-match-flood.ts BASE_URL KEY SECONDS CONNECTIONS [KIND]
 * KIND: `no-match` (the default, as above), `expensive` (issue 29: the most expensive question found,
 * `/v1/value?q=<12 common title words>&min_price=n`, a new n each call, so every call computes) or
 * `ping` (`/v1/ping`, the flood of the same shape that costs nothing: the reference) or `accuracy`
 * (`/v1/accuracy` without a key: the costliest keyless answer; KEY is then not sent).
 * Prints one line of JSON: { total, statuses: { [status]: count }, errors }.
 */
import { autocannon } from './autocannon';

const [base, key, seconds, connections, kind = 'no-match'] = process.argv.slice(2);
/** Issue 29's most expensive question: many common title words, none sold together. */
export const EXPENSIVE_Q = 'topps+pokemon+2025+panini+2026+2024+chrome+rc+donruss+prizm+2023+holo';
const pathOf = (n: number): string =>
  kind === 'ping'
    ? '/v1/ping'
    : kind === 'accuracy'
      ? '/v1/accuracy'
      : kind === 'expensive'
        ? `/v1/value?q=${EXPENSIVE_Q}&min_price=${(100 + n) / 100}`
        : `/v1/value?q=topps&min_price=${9_000_000 + n}`;
if (!base || !key || !seconds || !connections) {
  console.error('usage: no-match-flood.ts BASE_URL KEY SECONDS CONNECTIONS');
  process.exit(2);
}
let n = 0;
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      path: '/',
      setupRequest: (request) => ({
        ...request,
        path: pathOf(n++),
        headers: kind === 'accuracy' ? request.headers : { ...request.headers, 'x-api-key': key },
      }),
    },
  ],
});
const statuses = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]),
);
console.log(
  JSON.stringify({ total: result.requests.total, statuses, errors: result.errors + result.timeouts }),
);
