import type pg from 'pg';
import { errorFields, type Logger, silentLogger } from '../../logging/logger';
import type { StoreHealth } from '../store-health';

/** How often the database is asked whether it answers (ms), and how long an answer may take. */
export const PG_HEALTH_CHECK_MS = 2_000;
const PG_HEALTH_TIMEOUT_MS = 2_000;

/** The sentence of a 503 while PostgreSQL cannot be reached: no host, user or SQL (clients read it). */
export const PG_UNREACHABLE_HINT =
  'The market database cannot be reached right now (the operator has been told). Try again in a minute.';

/**
 * Connection failures rather than bugs: the server refused or dropped the connection, shut down, is
 * starting or recovering, has no connection slot left, or a connection could not be made in time.
 * Node's socket codes, and PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator
 * intervention), plus 53300 (too many connections).
 */
export function isPgConnectionFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|EAI_AGAIN)$/.test(code))
      return true;
    if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    message,
  );
}

/**
 * The health of a PostgreSQL store (store-health.ts's `StoreHealth`): `problem()` stays a cheap
 * synchronous read on every request. It is set when a query fails with a connection fault (the
 * request that saw it answers 503 `unavailable`) or when the check every PG_HEALTH_CHECK_MS gets no
 * answer, and cleared by the first check that gets one. The log gets one `store fault` line when a
 * fault starts and one `store sound again` when it ends.
 */
export function createPgHealth(
  pool: pg.Pool,
  options: { logger?: Logger; checkMs?: number } = {},
): StoreHealth & { close(): void } {
  const logger = options.logger ?? silentLogger;
  let problem: string | null = null;
  let checking = false;
  const fault = (error: unknown) => {
    if (problem === null) logger.error('store fault', { store: 'postgres', ...errorFields(error) });
    problem = PG_UNREACHABLE_HINT;
  };
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      await pool.query({ text: 'SELECT 1', query_timeout: PG_HEALTH_TIMEOUT_MS } as pg.QueryConfig);
      if (problem !== null) logger.info('store sound again', { store: 'postgres' });
      problem = null;
    } catch (error) {
      fault(error);
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), options.checkMs ?? PG_HEALTH_CHECK_MS);
  timer.unref();
  return {
    problem: () => problem,
    checkNow: () => problem,
    isStoreFault: (error) => {
      if (!isPgConnectionFault(error)) return false;
      fault(error);
      return true;
    },
    // PostgreSQL checks its own pages; the SQLite integrity check never runs on it.
    fault: (sentence) => {
      if (problem === null) logger.error('store fault', { store: 'postgres', problem: sentence });
      problem = sentence;
    },
    close: () => clearInterval(timer),
  };
}
