/**
 * Loaded into a server process (`node --import ./coverage-probe.mjs ...`) by request-path.bench.ts:
 * starts V8's precise coverage (call counts, per function) at once, and on each `take` message
 * from the parent answers with the project functions called since the last take (V8 resets the
 * counts at each take).
 */
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((done, fail) =>
    session.post(method, params, (error, result) => (error ? fail(error) : done(result))),
  );

await post('Profiler.enable');
await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

const root = process.env.SLAB_COVERAGE_ROOT;
process.on('message', async (message) => {
  if (message !== 'take') return;
  const { result } = await post('Profiler.takePreciseCoverage');
  const called = [];
  for (const script of result) {
    if (!script.url.startsWith(`file://${root}/src/`)) continue;
    const file = script.url.slice(`file://${root}/`.length).replace(/\?.*$/, '');
    for (const fn of script.functions)
      if (fn.ranges[0].count > 0)
        called.push(`${file} ${fn.functionName || '(anonymous)'}@${fn.ranges[0].startOffset}`);
  }
  process.send({ called });
});
process.channel?.unref();
