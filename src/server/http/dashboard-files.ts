import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type Next } from 'hono';
import { etag } from 'hono/etag';
import { errorResponse } from './errors';
import { type AppEnv, type RequestState, withPolicy } from './response';

/**
 * The built dashboard (SLAB_WEB_DIST) on the API's origin (docs/api.md, "Browsers"), served by
 * @hono/node-server's `serveStatic` from the files the build precompressed (`.br`, `.gz`, see
 * vite.config.ts), with an ETag on the page. It is a small app of its own, reached only for paths
 * no API route answers, so the API routes keep their single synchronous handler.
 *
 * - `/assets/...` are content-hashed: cached for a year, immutable.
 * - An extension-less path that is no file is a client-side route: the page (index.html), with a 200
 *   for the dashboard's pages (`pages.json`, written by the build) and a 404 for any other path, so
 *   that a mistyped link is not reported as found (the dashboard shows its "not found" view).
 * - A missing file with an extension is a 404, never the page (a stale asset must not get HTML).
 * - A path that can name no file (an encoded `/` or `\`, a backslash, a `.` or `..` segment, a
 *   hidden name) is a 404; a bad percent-encoding or a control character is a 400.
 * - Source maps (`.map`) are a 404 unless `sourceMaps` is set: production never hands out the sources.
 */
export interface DashboardFilesOptions {
  sourceMaps?: boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** An encoded `/` or `\` inside a segment: never a file name (it would smuggle a separator in). */
const ENCODED_SEPARATOR = /%2f|%5c/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What a path as sent (still percent-encoded) can be: a file path, a name of no file, or malformed. */
type PathCheck = { ok: true; path: string } | { ok: false; why: 'no_file' | 'bad_path' };

function checkPath(rawPath: string): PathCheck {
  const segments: string[] = [];
  let noFile = false;
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, why: 'bad_path' };
    }
    if (CONTROL.test(segment)) return { ok: false, why: 'bad_path' };
    if (ENCODED_SEPARATOR.test(raw) || segment.includes('\\') || segment.startsWith('.')) noFile = true;
    segments.push(segment);
  }
  return noFile ? { ok: false, why: 'no_file' } : { ok: true, path: `/${segments.join('/')}` };
}

/** The extension of the last segment of a path ('' for none). */
const extensionOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
};

/** The path of a request URL as sent, without decoding. */
const encodedPath = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
};

/** The page paths of the build (`pages.json`), or null when the build wrote none (every route is a page). */
function readPagePaths(root: string): Set<string> | null {
  try {
    const paths: unknown = JSON.parse(readFileSync(join(root, 'pages.json'), 'utf8'));
    return Array.isArray(paths)
      ? new Set(paths.filter((path): path is string => typeof path === 'string'))
      : null;
  } catch {
    return null;
  }
}

/** The app's bindings with the request's state, as the dashboard's own Hono app gets them. */
type SiteBindings = NonNullable<AppEnv['Bindings']> & { request: RequestState };

export function createDashboardFiles(distDir: string, options: DashboardFilesOptions = {}) {
  const root = resolve(distDir);
  const site = new Hono<AppEnv>();
  // The request's state, handed over by the app (app.ts) with the Node bindings.
  site.use(async (c, next) => {
    c.set('request', (c.env as SiteBindings).request);
    await next();
  });
  /**
   * serveStatic for the files and for the page, made once the dist directory exists (a server may
   * start before the dashboard is built, or serve the API alone), with the build's page paths.
   */
  type Handler = ReturnType<typeof serveStatic<AppEnv>>;
  type Served = { files: Handler; page: Handler; pages: Set<string> | null };
  let served: Served | null = null;
  const serve = (): Served | null => {
    if (served === null && existsSync(root)) {
      served = {
        files: serveStatic<AppEnv>({ root, precompressed: true }),
        page: serveStatic<AppEnv>({ root, path: 'index.html', precompressed: true }),
        pages: readPagePaths(root),
      };
    }
    return served;
  };
  const isPage = (pages: Set<string> | null, path: string) =>
    pages === null || pages.has(path.length > 1 ? path.replace(/\/+$/, '') : path);

  const notFound = (c: Parameters<typeof errorResponse>[0]) =>
    errorResponse(
      c,
      'not_found',
      'No such page or file. (If the dashboard itself is missing, build it: npm run build:web.)',
    );

  // (serveStatic builds its response before `onFound` runs: Cache-Control is set on the context first.)

  // Paths that name no file are refused before serveStatic reads the disk.
  site.use('*', async (c, next) => {
    const checked = checkPath(encodedPath(c.req.url));
    if (!checked.ok && checked.why === 'bad_path') {
      return errorResponse(
        c,
        'invalid_parameter',
        'The path is not valid percent-encoded UTF-8, or holds a control character: encode it as UTF-8 (RFC 3986).',
      );
    }
    if (!checked.ok) return notFound(c);
    if (extensionOf(checked.path) === '.map' && options.sourceMaps !== true) return notFound(c);
    await next();
  });
  // A real file (assets, icons, the manifest) when there is one.
  site.get('*', async (c, next) => {
    if (c.req.path === '/' || c.req.path.endsWith('/')) return next();
    // Only a file really under assets/ (no `..` or encoded `/` got this far) is immutable.
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    const found = await serve()?.files(c, async () => {});
    if (found instanceof Response) return found;
    // No file: a path with an extension is a missing file; one without is a client-side route.
    return extensionOf(c.req.path) === '' ? next() : notFound(c);
  });
  // The page, with an ETag of what is sent (a page load after a deploy revalidates in one round trip).
  // The page's policy on the page and its 304 (which has no content type to tell it by). Set on the
  // final response in place: assigning `c.res` would make Hono copy it into a new, unmarked one.
  const pagePolicy = async (c: Context<AppEnv>, next: Next) => {
    await next();
    if (c.res.status === 304 || c.res.headers.get('content-type')?.startsWith('text/html')) {
      withPolicy(c.res, c.get('request'), 'page');
    }
  };
  site.get('*', pagePolicy, etag(), async (c) => {
    c.header('Cache-Control', REVALIDATE);
    const now = serve();
    const found = await now?.page(c, async () => {});
    if (!(found instanceof Response)) return notFound(c);
    return isPage(now?.pages ?? null, c.req.path)
      ? found
      : new Response(found.body, { status: 404, headers: found.headers });
  });

  return {
    root,
    /** The answer to a GET or HEAD outside the API. */
    fetch: (request: Request, env: AppEnv['Bindings'], state: RequestState) =>
      site.fetch(request, { ...env, request: state }),
  };
}
