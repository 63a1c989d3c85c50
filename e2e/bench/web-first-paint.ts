/**
 * The web bench's first-paint JavaScript measure, on its own: gzip size (level 9; kB of 1,000 bytes,
 * as Vite reports) of every script the floor route needs before it can paint: the entry of
 * dist/web/index.html, its modulepreloads and their static imports, followed through the built
 * chunks. Lazy chunks (the chart, other pages) are excluded and listed.
 *
 * `npx tsx e2e/bench/web-first-paint.ts [dist]` prints it for a build already made (default
 * dist/web), without the browser part of `npm run bench -- web`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  file: string;
  bytes: number;
  gzip: number;
}

export function firstPaintScripts(dist: string): { eager: ScriptSize[]; lazy: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] as string);
  const seen = new Set<string>();
  const lazy = new Set<string>();
  const queue = roots.map((src) => src.replace(/^\//, ''));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    // Static imports (`import … from "./x.js"` / `import "./x.js"`) load before the module runs.
    for (const match of code.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      queue.push(dir + (match[1] as string).slice(2));
    }
    for (const match of code.matchAll(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)) {
      lazy.add(dir + (match[1] as string).slice(2));
    }
  }
  const eager = [...seen].map((file) => {
    const code = readFileSync(join(dist, file));
    return { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
  return { eager, lazy: [...lazy].filter((file) => !seen.has(file)).sort() };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dist = resolve(process.argv[2] ?? join('dist', 'web'));
  const { eager, lazy } = firstPaintScripts(dist);
  const gzip = eager.reduce((sum, script) => sum + script.gzip, 0);
  for (const script of eager) {
    console.log(
      `${script.file}: ${(script.bytes / 1000).toFixed(1)} kB, ${(script.gzip / 1000).toFixed(1)} kB gzip`,
    );
  }
  console.log(
    `first paint: ${(gzip / 1000).toFixed(1)} kB gzip (${gzip} bytes); lazy: ${lazy.length} chunks`,
  );
}
