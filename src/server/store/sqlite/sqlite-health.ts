import { accessSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { errorFields, type Logger, silentLogger } from '../../logging/logger';
import type { StoreHealth } from '../store-health';

/** A connection to the store (not imported from database.ts, which depends on this file). */
type Db = Database.Database;

/**
 * Store faults (docs/operations.md, "Store faults"): the store file deleted, replaced or truncated
 * under a running server, and the SQLite errors that mean the store cannot be reached or is damaged.
 *
 * Why a file check: SQLite keeps reading and writing an open file after it is unlinked or renamed
 * (in WAL mode no error ever comes), so a server would go on serving, and counting quota in, a
 * store that no other process can see, while the keys CLI made a new one at the path.
 */

/**
 * What a thrown SQLite error says of the store: `busy` (another process held the write lock beyond
 * the busy timeout), `damaged` (corrupt, not SQLite, or moved away under us), `unreachable` (I/O,
 * permissions, disk full, cannot open), or null: an ordinary error (a bug, a constraint), which is
 * a 500 and not the store's fault.
 */
export type StoreErrorKind = 'busy' | 'damaged' | 'unreachable';

export function storeErrorKind(error: unknown): StoreErrorKind | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return 'busy';
  if (
    code === 'SQLITE_CORRUPT' ||
    code.startsWith('SQLITE_CORRUPT_') ||
    code === 'SQLITE_NOTADB' ||
    code === 'SQLITE_READONLY_DBMOVED'
  ) {
    return 'damaged';
  }
  if (/^SQLITE_(IOERR|CANTOPEN|READONLY|FULL|PERM|PROTOCOL|NOLFS)(_|$)/.test(code)) return 'unreachable';
  return null;
}

/** Whether a thrown error means the store cannot be reached or is damaged (503 `unavailable`), not a bug (500). */
export const isStoreFault = (error: unknown): boolean => storeErrorKind(error) !== null;

const GONE =
  'The data store file was deleted while the server was running, so the server no longer answers from it: the operator must restore the file and restart the server. Try again later.';
const REPLACED =
  'The data store file was replaced while the server was running, so the server no longer answers from the copy it has open: the operator must restart the server. Try again later.';
const TRUNCATED =
  'The data store file was truncated or overwritten while the server was running: the operator must restore it from a backup and restart the server. Try again later.';
const damagedSentence = (code: string) =>
  `The data store is damaged (SQLite reports ${code}): the operator must restore it from a backup and restart the server. Try again later.`;
const unwritableSentence = (code: string) =>
  `The data store cannot be read or written (${code}): the operator must check the file, its permissions and the free disk space, then restart the server. Try again later.`;
const unreadableSentence = (code: string) =>
  `The data store file cannot be checked (${code}): the operator must check the file and its permissions. Try again later.`;

export interface StoreHealthOptions {
  /** The SQLite path the store was opened from (SLAB_DB). */
  path: string;
  /** The open store; an in-memory one (`:memory:`) is always healthy. */
  db: Db;
  /** Where the changes of state go, once each: `store fault` (error) and `store sound again` (info). */
  logger?: Logger;
  /** Milliseconds, any origin (tests move it); default performance.now. */
  now?: () => number;
  /** Look at the file at most this often (ms); default 1000. */
  recheckMs?: number;
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Made right after the store is opened: the file at `path` then is the file the store has open
 * (its device and inode are kept), and every later check compares with it.
 */
export function createStoreHealth(options: StoreHealthOptions): StoreHealth {
  const { path, db } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => performance.now());
  const recheckMs = options.recheckMs ?? 1000;
  if (db.memory) return { problem: () => null, isStoreFault, fault: () => {}, checkNow: () => null };

  const opened = identity();
  let checkedAt: number | null = null;
  let fileProblem: string | null = opened === null ? GONE : null;
  /** Faults that do not end while this process runs: confirmed truncation, damage reported by SQLite. */
  let lasting: string | null = null;
  let looksShort = 0;
  let logged: string | null = null;

  function identity(): { dev: bigint; ino: bigint } | null {
    const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stats === undefined ? null : { dev: stats.dev, ino: stats.ino };
  }

  function checkFile(): string | null {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    } catch (error) {
      return unreadableSentence(String(errorFields(error).error_code ?? 'error'));
    }
    if (stats === undefined) return GONE;
    if (opened === null || stats.dev !== opened.dev || stats.ino !== opened.ino) return REPLACED;
    let short: boolean;
    try {
      short = looksTruncated(path, Number(stats.size));
    } catch (error) {
      return unreadableSentence(String(errorFields(error).error_code ?? 'error'));
    }
    looksShort = short ? looksShort + 1 : 0;
    if (looksShort >= 2) lasting = TRUNCATED;
    // Files made unwritable under the server (`chattr +i`, a read-only remount): a write to the
    // mapped WAL index would then raise SIGBUS, so the fault state must come before any write.
    const refused = unwritable(path);
    if (refused !== null) lasting = unwritableSentence(refused);
    return null;
  }

  function problem(): string | null {
    const at = now();
    if (lasting === null && (checkedAt === null || at - checkedAt >= recheckMs)) {
      checkedAt = at;
      fileProblem = checkFile();
    }
    const current = lasting ?? fileProblem;
    if (current !== logged) {
      if (current === null) logger.info('store sound again', { store: path });
      else logger.error('store fault', { store: path, problem: current });
      logged = current;
    }
    return current;
  }

  return {
    problem,
    isStoreFault(error) {
      const kind = storeErrorKind(error);
      // Corruption, or an I/O error of any read or write (a file made unwritable, a disk that fails):
      // the fault state, for good, as for damage found by a check.
      if ((kind === 'damaged' || kind === 'unreachable') && lasting === null) {
        const code = String(errorFields(error).error_code);
        lasting = kind === 'damaged' ? damagedSentence(code) : unwritableSentence(code);
        problem();
      }
      return kind !== null;
    },
    fault(sentence) {
      if (lasting !== null) return;
      lasting = sentence;
      problem();
    },
    checkNow() {
      checkedAt = null;
      return problem();
    },
  };
}

/**
 * The error code of the first of the store's files (the database, its WAL and WAL index, those that
 * exist) that this process may not write (an immutable file, a read-only file system), or null.
 * access(2), never open: closing any descriptor of the database would drop SQLite's POSIX locks.
 */
function unwritable(path: string): string | null {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      accessSync(file, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPERM' || code === 'EACCES' || code === 'EROFS') return code;
    }
  }
  return null;
}

/**
 * Whether the file's first 100 bytes are not an SQLite header, or the header's page count says the
 * file should be longer than it is. (The count is valid only when the change counter at 24 equals
 * the version-valid-for number at 92: https://sqlite.org/fileformat.html, "In-header database size".)
 */
export function looksTruncated(path: string, size: number): boolean {
  const header = Buffer.alloc(100);
  const read = readSync(heldDescriptor(path), header, 0, 100, 0);
  if (read < 100 || !header.subarray(0, 16).equals(SQLITE_MAGIC)) return true;
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  const countValid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
  return countValid && size < pages * pageSize;
}

/** Read-only descriptors of the store files this process has looked into, by device and inode. */
const heldDescriptors = new Map<string, number>();

/**
 * A descriptor of the file at `path`, opened once per file and never closed: closing any descriptor
 * of a file drops every POSIX lock the process holds on it, SQLite's shared lock included, and the
 * next other client to close the store would then think itself the last one and delete the WAL
 * this process still writes to (https://sqlite.org/howtocorrupt.html, section 2.2).
 */
function heldDescriptor(path: string): number {
  const { dev, ino } = statSync(path, { bigint: true });
  const held = heldDescriptors.get(`${dev}:${ino}`);
  if (held !== undefined) return held;
  const fd = openSync(path, 'r');
  const opened = fstatSync(fd, { bigint: true });
  heldDescriptors.set(`${opened.dev}:${opened.ino}`, fd);
  return fd;
}
