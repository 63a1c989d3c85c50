/**
 * `npm start` (after the dashboard build): opens SLAB_DB (a SQLite file, or a PostgreSQL URL shared
 * by any number of server processes: docs/deploy.md), seeds the full demo market when the store
 * is empty (SLAB_AUTO_SEED), creates the demo key in demo mode, and serves the API and the
 * dashboard on http://HOST:PORT. SIGINT/SIGTERM: stop accepting, let in-flight requests finish,
 * write pending usage, close the store.
 *
 * A store file that exists but is not sound (truncated, not SQLite, corrupt, tables missing) stops
 * the start with a message and exit code 1, and is never re-seeded over (openDatabase). The check
 * of every page starts with the server and ends after it listens (it takes longer than the start
 * may); damage it finds is the fault state below, said on stderr with the file and what to do. While
 * running, the store's health (store-health.ts) is checked on every request and every few seconds,
 * so that a fault is logged even when no request comes (docs/operations.md, "Store faults").
 *
 * stdout carries the structured JSON log (LOG_LEVEL); the human banner (address, demo key, seed
 * progress) goes to stderr.
 */
import { type ServerType, serve } from '@hono/node-server';
import { derivedComputation } from './analytics/derived/derived-computation';
import { keepWarm } from './analytics/keep-warm';
import { marketContext } from './analytics/market-context';
import {
  askInOrder,
  PRACTICE_LISTEN_BY_MS,
  practiceQuestionsOf,
  type Question,
  requestActivity,
} from './analytics/practice';
import { type Config, loadConfig } from './config';
import { createApp } from './http/app';
import { answerClientErrors } from './http/client-errors';
import { createLogger, errorFields, type Logger } from './logging/logger';
import { seedStoreIfEmpty } from './seed/seed-store';
import { isPostgresUrl, openStore } from './store/open-store';
import { asStoreError } from './store/sqlite/database';
import { quickCheck } from './store/sqlite/integrity-check';
import { DAMAGED_INSIDE, type StoreHealth } from './store/store-health';

const SHUTDOWN_GRACE_MS = 10_000;
/** How often the store's file is looked at when no request asks (a fault is logged within this). */
const HEALTH_WATCH_MS = 5_000;

const banner = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const store = await openStore(config.SLAB_DB, { derive: derivedComputation, logger });

  // The store's pages are checked (SQLite; in a worker thread) from now on. A start-up read that
  // fails waits for it, so that damage is refused with a sentence for the operator, not SQLite's
  // own words; otherwise the server listens before the check ends, and damage found then is the
  // fault state (docs/operations.md, "Store faults").
  const sqlitePath = isPostgresUrl(config.SLAB_DB) ? null : config.SLAB_DB;
  const checked = sqlitePath === null ? Promise.resolve(null) : quickCheck(sqlitePath);
  const damagedInside = (findings: string) =>
    `The store at ${sqlitePath} is damaged inside (SQLite's integrity check: ${findings.slice(0, 300)}). Restore it from a backup, or move it aside to start with a fresh store; nothing was changed.`;
  const refuseIfDamaged = async () => {
    const findings = await checked;
    if (findings === null) return;
    logger.error('integrity check failed', { store: sqlitePath, findings });
    throw new Error(damagedInside(findings));
  };
  let empty: boolean;
  try {
    empty = config.SLAB_AUTO_SEED && (await store.isMarketEmpty());
  } catch (error) {
    await refuseIfDamaged();
    throw asStoreError(error, config.SLAB_DB);
  }

  if (empty) {
    banner(`Seeding the ${config.SLAB_SEED_SCALE} demo market into ${store.location} (first start only)...`);
    const started = Date.now();
    // Another process starting on the same empty PostgreSQL database may seed it first: then this one waits.
    const seeded = await seedStoreIfEmpty(store, {
      scale: config.SLAB_SEED_SCALE,
      ...(config.SLAB_SEED_AS_OF === undefined ? {} : { asOf: config.SLAB_SEED_AS_OF }),
      onProgress: (line) => banner(`  ${line}`),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    banner(seeded === null ? `Another process seeded it (waited ${seconds} s).` : `Seeded in ${seconds} s.`);
  }

  const health = store.health;
  const market = marketContext(store.reader);
  // Before listening, while the check goes on: the q-driven operations' sale columns, so that the
  // first card query does not wait for them.
  const warmError = await market.warm().then(
    () => null,
    (error: unknown) => error,
  );
  if (warmError !== null && health.isStoreFault(warmError)) await refuseIfDamaged();
  if (warmError !== null) logger.error('sale columns not loaded', errorFields(warmError));
  // The expensive questions, so that the first real ones run compiled code (practice.ts): until
  // the process has run PRACTICE_LISTEN_BY_MS, the rest once listening, each when no request has
  // come for a while.
  const practiceFailed = (error: unknown): Question[] => {
    logger.error('practice failed', errorFields(error));
    return [];
  };
  const practiceLeft =
    warmError === null
      ? await practiceQuestionsOf(market)
          .then((questions) => askInOrder(questions, { until: PRACTICE_LISTEN_BY_MS }))
          .catch(practiceFailed)
      : [];
  const activity = requestActivity();

  const watch = setInterval(() => health.problem(), HEALTH_WATCH_MS);
  watch.unref();
  const integrity =
    sqlitePath === null
      ? null
      : watchIntegrity(sqlitePath, health, logger, config, {
          first: checked,
          onFirstDamage: (findings) =>
            banner(
              `${damagedInside(findings)} Until the server is restarted on a sound store, every request answers 503.`,
            ),
        });
  const slab = createApp({ store, market, config, logger });
  let warming: { stop(): void } | null = null;
  const server: ServerType = serve(
    { fetch: slab.fetch, port: config.PORT, hostname: config.HOST },
    (info) => {
      const url = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
      logger.info('listening', { url, store: store.location, demo: config.SLAB_DEMO });
      banner(`Slab Terminal: API and dashboard on ${url}`);
      if (config.SLAB_DEMO)
        banner(`Demo mode: each visitor gets a personal free key (GET ${url}/v1/demo-key, 7 days).`);
      // The practice questions not asked before listening, each once no request is in flight.
      askInOrder(practiceLeft, { before: activity.idle }).catch(practiceFailed);
      // Load the q-driven operations' sale columns now, not on the first card query
      // (docs/data-model.md, "Sale columns"), and again after each seed or ingest by any process.
      warming = keepWarm(store.changes, market.warm, {
        canRead: () => health.checkNow() === null,
        onLoaded: (ms) => logger.info('sale columns loaded', { ms }),
        // A store damaged since the start: the health check reports it (503s); the next change retries.
        onError: (error) =>
          logger.error(
            health.isStoreFault(error) ? 'sale columns not loaded: store fault' : 'sale columns not loaded',
            errorFields(error),
          ),
      });
    },
  );

  answerClientErrors(server);
  // Practice after listening waits for a quiet second (practice.ts).
  server.on('request', activity.seen);

  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error('cannot listen', { ...errorFields(error), host: config.HOST, port: config.PORT });
    banner(
      error.code === 'EADDRINUSE'
        ? `Port ${config.PORT} on ${config.HOST} is in use: stop the other server or set PORT.`
        : `Cannot listen on ${config.HOST}:${config.PORT} (${error.code ?? error.name}).`,
    );
    clearInterval(watch);
    if (integrity !== null) clearInterval(integrity);
    warming?.stop();
    slab
      .close()
      .then(() => store.close())
      .finally(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; closing anyway', { signal });
      finish(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => finish(0));
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  const finish = async (code: number) => {
    clearInterval(watch);
    if (integrity !== null) clearInterval(integrity);
    warming?.stop();
    try {
      await slab.close();
      // During a store fault nothing more is written (closing would checkpoint into files that may
      // be immutable now): the pending calls are lost, as the log says.
      if (health.problem() === null) await store.close();
      else logger.error('store left unclosed: store fault', {});
    } catch (error) {
      logger.error('closing the store failed', errorFields(error));
      code = 1;
    }
    logger.info('stopped', {});
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * The store's pages checked in a worker thread (docs/operations.md, "Store faults"): the check begun at start (`first`), then every
 * SLAB_INTEGRITY_CHECK_SECONDS. Damage that no read has met yet (the sale columns are in memory)
 * becomes the fault state, logged once.
 */
function watchIntegrity(
  path: string,
  health: StoreHealth,
  logger: Logger,
  config: Config,
  start: { first: Promise<string | null>; onFirstDamage(findings: string): void },
): ReturnType<typeof setInterval> | null {
  let running = false;
  const check = (checked: Promise<string | null>, onDamage?: (findings: string) => void) => {
    running = true;
    const started = performance.now();
    checked
      .then((findings) => {
        const ms = Math.round(performance.now() - started);
        if (findings === null) {
          logger.debug('integrity check passed', { store: path, ms });
          return;
        }
        if (health.problem() !== null) return;
        logger.error('integrity check failed', { store: path, findings, ms });
        onDamage?.(findings);
        health.fault(DAMAGED_INSIDE);
      })
      .finally(() => {
        running = false;
      });
  };
  check(start.first, start.onFirstDamage);
  if (config.SLAB_INTEGRITY_CHECK_SECONDS === 0) return null;
  const timer = setInterval(() => {
    if (running || health.problem() !== null) return;
    check(quickCheck(path));
  }, config.SLAB_INTEGRITY_CHECK_SECONDS * 1000);
  timer.unref();
  return timer;
}

main().catch((error: unknown) => {
  // Configuration and store problems: one clear line, no stack.
  banner(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
