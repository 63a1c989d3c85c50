import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { GZIP_MIN_BYTES } from './gzip';

const gzipAsync = promisify(gzip);

/**
 * The built dashboard (SLAB_WEB_DIST), served on the API's origin. Files are read from disk on
 * each request (the OS caches them); a path that is not a file gets index.html (SPA routing).
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

export function createWebStatic(distDir: string) {
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
      const immutable = relative.startsWith('/assets/') || relative.startsWith('assets/');
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
     * The file at a URL path, else index.html for page routes; null when the dashboard is not
     * built. Gzipped when the client accepts it and the file is text of 1 kB or more.
     */
    async resolve(urlPath: string, acceptsGzip = false): Promise<StaticFile | null> {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        decoded = '/';
      }
      if (decoded.includes('\0')) decoded = '/';
      if (decoded !== '/' && !decoded.endsWith('/')) {
        const file = await read(decoded, acceptsGzip);
        if (file) return file;
        // A missing asset is a 404, not the page: a stale bundle must not get HTML for its script.
        if (extname(decoded) !== '' && !decoded.endsWith('.html')) return null;
      }
      return read('/index.html', acceptsGzip);
    },
  };
}
