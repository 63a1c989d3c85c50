/**
 * Lighthouse (lighthouse-run.ts) on a server already running, for comparing builds quickly:
 * `npx tsx e2e/bench/lighthouse-quick.ts <key> <runs> <baseUrl>... -- <path>...`
 * (mobile unless SLAB_BENCH_PRESET=desktop); prints one line per server and path. A server given as
 * `<baseUrl>=<key>` uses that key (servers on stores of their own).
 */
import { lighthouseFigures, loadAverage, type Preset, withLighthouseBrowser } from './lighthouse-run';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const [key, runs, ...servers] = split === -1 ? args : args.slice(0, split);
const paths = split === -1 ? ['/'] : args.slice(split + 1);
const preset = (process.env.SLAB_BENCH_PRESET ?? 'mobile') as Preset;
if (!key || !runs || servers.length === 0) throw new Error('usage: <key> <runs> <baseUrl>... -- <path>...');

await withLighthouseBrowser(async (context) => {
  for (const path of paths) {
    for (const spec of servers) {
      const [server = spec, own] = spec.split('=');
      const f = await lighthouseFigures(context, server, own ?? key, path, preset, Number(runs));
      console.log(
        `${server} ${preset} ${path}: ${f.score} LCP ${f.lcpMs.toFixed(0)} ms TBT ${f.tbtMs.toFixed(0)} ms CLS ${f.cls.toFixed(3)} (load ${loadAverage()})`,
      );
    }
  }
});
