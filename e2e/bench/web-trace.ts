/**
 * A Chromium performance trace of one cold mobile visit (412x823, CPU 4x slower, as Lighthouse's
 * mobile preset), printed as the main thread's long tasks and, for each, the functions that took
 * its time (JS sampling profile, self time by function and by script). As Lighthouse's phone:
 * mobile viewport rules and touch, unless MOBILE=0.
 *
 * npx tsx e2e/bench/web-trace.ts <baseUrl> <key> <path> [ready-selector-text]
 * (CPU=4: Chromium's own slowdown; WALL=1: wall times; PROFILE=0: no JS profile; INTERVAL: the
 * profile's sampling interval in us, 100 by default; a coarser one perturbs the page less.)
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium';

const [baseUrl, key, path = '/', out = '/tmp/phone/trace.json'] = process.argv.slice(2);
const LONG_MS = Number(process.env.LONG_MS ?? 20);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

async function main() {
  if (!baseUrl || !key) throw new Error('usage: web-trace.ts <baseUrl> <key> [path]');
  const browser = await chromium.launch(chromiumLaunchOptions());
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    // As Lighthouse's phone: mobile viewport rules and touch (a page lays out a little differently,
    // so what is near the first screen differs too; MOBILE=0 for a plain 412 px window).
    ...(process.env.MOBILE === '0' ? {} : { isMobile: true, hasTouch: true }),
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((value) => localStorage.setItem('slab.apiKey', value), key);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // CPU=4: Chromium slows the CPU 4x (wall times, as DevTools). Default: no slowdown, and each
  // task's thread time (CPU time, not preempted by other processes of a busy machine) times 4, as
  // Lighthouse's simulated mobile run multiplies observed task times.
  const slowdown = Number(process.env.CPU ?? 1);
  if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const profiling = process.env.PROFILE !== '0';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.INTERVAL ?? 100) });
  }
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        ...(process.env.NAMES ? ['disabled-by-default-v8.compile', 'v8.compile'] : []),
      ],
    },
  });
  if (profiling) await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  type Profile = {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const { profile } = profiling
    ? ((await cdp.send('Profiler.stop')) as { profile: Profile })
    : { profile: { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] } as Profile };
  await cdp.send('Tracing.end');
  await done;
  const vitals = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
  await browser.close();
  writeFileSync(out, JSON.stringify({ traceEvents: events }));
  if (profiling) writeFileSync(out.replace(/\.json$/, '.cpuprofile'), JSON.stringify(profile));

  // The renderer's main thread: the thread named CrRendererMain that ran the most tasks.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const taskCount = (e: { pid: number; tid: number }) =>
    events.filter((t) => t.pid === e.pid && t.tid === e.tid && t.name === 'RunTask').length;
  const main = mains.sort((a, b) => taskCount(b) - taskCount(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.pid === main.pid) ??
    events.find((e) => e.name === 'TracingStartedInBrowser');
  const origin = nav?.ts ?? 0;
  const tasks = events
    .filter(
      (e) =>
        e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 0,
    )
    .sort((a, b) => a.ts - b.ts);
  const total = tasks.reduce((s, t) => s + (t.dur ?? 0), 0) / 1000;
  // A task's cost on the phone: thread time x 4 (unthrottled run; WALL=1: wall time x 4, as
  // Lighthouse's simulation counts it), or wall time (throttled run).
  const cost = (t: TraceEvent) =>
    slowdown > 1
      ? (t.dur ?? 0) / 1000
      : process.env.WALL === '1'
        ? (4 * (t.dur ?? 0)) / 1000
        : (4 * ((t as TraceEvent & { tdur?: number }).tdur ?? t.dur ?? 0)) / 1000;
  const long = tasks.filter((t) => cost(t) >= LONG_MS);
  const blocking = tasks.reduce((s, t) => s + Math.max(0, cost(t) - 50), 0);
  const list = tasks.filter((t) => cost(t) >= 40).map((t) => cost(t).toFixed(0));
  console.log(
    `${path}: ${tasks.length} tasks, ${total.toFixed(0)} ms on the main thread, FCP ${vitals.fcp?.toFixed(0)} ms, blocking (sum over 50 ms, 4x CPU) ${blocking.toFixed(0)} ms, wall ${Date.now() - t0} ms; tasks of 40 ms or more at 4x: ${list.join(' ')}`,
  );
  if (process.env.SUMMARY) return;
  console.log(
    `${path}: ${tasks.length} tasks, ${total.toFixed(0)} ms on the main thread, FCP ${vitals.fcp?.toFixed(0)} ms, sum over 50 ms ${blocking.toFixed(0)} ms (4x CPU), wall ${Date.now() - t0} ms`,
  );

  // Sampling profile: sample times (profile clock = trace clock, µs).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  const short = (url: string) =>
    url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '') || '(native)';
  for (const task of long) {
    const start = task.ts;
    const end = task.ts + (task.dur ?? 0);
    // What the task is: the top-level trace events inside it.
    const inner = events
      .filter(
        (e) =>
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.ts >= start &&
          e.ts < end &&
          e !== task &&
          (e.dur ?? 0) > 2000,
      )
      .filter((e) =>
        [
          'EvaluateScript',
          'v8.compileModule',
          'v8.evaluateModule',
          'FunctionCall',
          'TimerFire',
          'FireAnimationFrame',
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'ParseHTML',
          'EventDispatch',
          'v8.compile',
          'RunMicrotasks',
          'ParseAuthorStyleSheet',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'ProfileCall',
          'PrePaint',
          'Commit',
          'HitTest',
        ].includes(e.name),
      )
      .slice(0, 8)
      .map((e) => {
        const d = e.args?.data as { url?: string; functionName?: string; type?: string } | undefined;
        return `${e.name}${d?.url ? ` ${short(d.url)}` : ''}${d?.functionName ? ` ${d.functionName}` : ''}${d?.type ? ` ${d.type}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
      });
    const self = new Map<string, number>();
    const byScript = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i += 1) {
      const at = times[i] ?? 0;
      if (at < start || at >= end) continue;
      const dt = ((times[i + 1] ?? at) - at) / 1000;
      const node = byId.get(profile.samples[i] ?? -1);
      if (!node) continue;
      const f = node.callFrame;
      const name = `${f.functionName || '(anon)'} ${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      self.set(name, (self.get(name) ?? 0) + dt);
      // Attribute to the first frame (from the top) with a script URL.
      let n: ProfileNode | undefined = node;
      while (n && !n.callFrame.url) n = byId.get(parent.get(n.id) ?? -1);
      const script = n ? short(n.callFrame.url) : f.functionName;
      byScript.set(script, (byScript.get(script) ?? 0) + dt);
    }
    const names = new Map<string, number>();
    for (const e of events) {
      if (
        e.pid !== main.pid ||
        e.tid !== main.tid ||
        e.ph !== 'X' ||
        e === task ||
        e.ts < start ||
        e.ts >= end
      )
        continue;
      names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    if (process.env.NAMES)
      console.log(
        `   events: ${[...names]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 14)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join(', ')}`,
      );
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `\n task at ${((start - origin) / 1000).toFixed(0)} ms: ${cost(task).toFixed(0)} ms at 4x (${((task.dur ?? 0) / 1000).toFixed(0)} ms wall)  [${inner.join('; ')}]`,
    );
    console.log(
      `   by script: ${[...byScript]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')}`,
    );
    for (const [name, ms] of top) console.log(`   ${ms.toFixed(1).padStart(6)} ms self  ${name}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
