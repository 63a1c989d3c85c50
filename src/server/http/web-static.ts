import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { GZIP_MIN_BYTES } from './gzip';

const gzipAsync = promisify(gzip);

/**
 * The built dashboard (SLAB_WEB_DIST), served on the API's origin. Files are read from disk on
 * each request (the OS caches them); an extension-less path that is not a file gets index.html
 * (the dashboard's client-side routes). docs/api.md, "Browsers".
 */
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticFile {
  body: Uint8Array;
  contentType: string;
  cacheControl: string;
  /** 'gzip' when body is the gzipped file. */
  encoding: 'gzip' | null;
  /** Whether the file may be sent gzipped (so its answer varies by Accept-Encoding). */
  compressible: boolean;
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

/**
 * What a path of the dashboard is answered: a file (or the page), `null` for no such file (404),
 * `'bad_path'` for a path that is not valid percent-encoded UTF-8 or holds a control character (400).
 */
export type WebAnswer = StaticFile | null | 'bad_path';

export interface WebStaticOptions {
  /** Serve `.map` files (source maps); off by default, so production never hands out the sources. */
  sourceMaps?: boolean;
}

/** An encoded `/` or `\` inside a segment: never a file name (it would smuggle a separator in). */
const ENCODED_SEPARATOR = /%2f|%5c/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path as a file path under the dist directory (`/assets/app.js`), decoded segment by segment;
 * null for a path that can name no file (an encoded separator, a backslash, a `.` or `..` segment, a
 * hidden name), `'bad_path'` for a bad percent-encoding or a control character.
 */
function filePath(rawPath: string): string | null | 'bad_path' {
  const segments: string[] = [];
  let missing = false;
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return 'bad_path';
    }
    if (CONTROL.test(segment)) return 'bad_path';
    if (ENCODED_SEPARATOR.test(raw) || segment.includes('\\') || segment.startsWith('.')) missing = true;
    segments.push(segment);
  }
  return missing ? null : `/${segments.join('/')}`;
}

export function createWebStatic(distDir: string, options: WebStaticOptions = {}) {
  const root = resolve(distDir);

  /** Gzipped files by path, with the size and modification time they were made from. */
  const gzipped = new Map<string, { version: string; body: Buffer }>();

  const read = async (relative: string, acceptsGzip: boolean): Promise<StaticFile | null> => {
    const path = normalize(join(root, relative));
    if (path !== root && !path.startsWith(root + sep)) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const contentType = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
      // Only a file really under assets/ (filePath leaves no `..` or encoded `/` to escape it).
      const immutable = path.startsWith(join(root, 'assets') + sep);
      const compressible = COMPRESSIBLE.test(contentType) && info.size >= GZIP_MIN_BYTES;
      const file = (body: Uint8Array, encoding: StaticFile['encoding']): StaticFile => ({
        body,
        contentType,
        cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        encoding,
        compressible,
      });
      if (!compressible || !acceptsGzip) return file(await readFile(path), null);
      const version = `${info.size} ${info.mtimeMs}`;
      let kept = gzipped.get(path);
      if (kept?.version !== version) {
        kept = {
          version,
          body: await gzipAsync(await readFile(path), { level: constants.Z_BEST_COMPRESSION }),
        };
        gzipped.set(path, kept);
      }
      return file(kept.body, 'gzip');
    } catch {
      return null;
    }
  };

  return {
    root,
    /**
     * The answer to a URL path as sent (still percent-encoded): the file, index.html for `/` and for
     * an extension-less path that is no file (a client-side route), null (404) for a missing file
     * with an extension (a stale asset must not get HTML), a `.map` unless source maps are enabled,
     * or a path that can name no file, and `'bad_path'` (400) for a malformed one. Gzipped when the
     * client accepts it and the file is text of 1 kB or more.
     */
    async resolve(rawPath: string, acceptsGzip = false): Promise<WebAnswer> {
      const path = filePath(rawPath);
      if (path === null || path === 'bad_path') return path;
      if (path === '/' || path.endsWith('/')) return read('/index.html', acceptsGzip);
      const extension = extname(path).toLowerCase();
      if (extension === '.map' && !options.sourceMaps) return null;
      const file = await read(path, acceptsGzip);
      if (file !== null || extension !== '') return file;
      return read('/index.html', acceptsGzip);
    },
  };
}
