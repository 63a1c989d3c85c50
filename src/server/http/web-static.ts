import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

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
}

export function createWebStatic(distDir: string) {
  const root = resolve(distDir);

  const read = async (relative: string): Promise<StaticFile | null> => {
    const path = normalize(join(root, relative));
    if (path !== root && !path.startsWith(root + sep)) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const body = await readFile(path);
      const immutable = relative.startsWith('/assets/') || relative.startsWith('assets/');
      return {
        body,
        contentType: MIME[extname(path).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
    } catch {
      return null;
    }
  };

  return {
    root,
    /** The file at a URL path, else index.html for page routes; null when the dashboard is not built. */
    async resolve(urlPath: string): Promise<StaticFile | null> {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        decoded = '/';
      }
      if (decoded.includes('\0')) decoded = '/';
      if (decoded !== '/' && !decoded.endsWith('/')) {
        const file = await read(decoded);
        if (file) return file;
        // A missing asset is a 404, not the page: a stale bundle must not get HTML for its script.
        if (extname(decoded) !== '' && !decoded.endsWith('.html')) return null;
      }
      return read('/index.html');
    },
  };
}
