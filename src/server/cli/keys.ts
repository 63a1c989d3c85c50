/**
 * `npm run keys -- create --tier free|pro|business [--label TEXT] [--json]`, `list [--json]`,
 * `revoke ID`: API keys in the store of SLAB_DB. Safe while the server runs (WAL; the server reads
 * the key table on every request, so a revoked key is refused at once). A key is printed once, at
 * creation; the store keeps only its SHA-256 hash. Bad arguments: a message, exit 1, nothing changed.
 *
 * It never creates a store: with no store at SLAB_DB (a typo, a deleted file) it says so and exits
 * 1, rather than making a new empty store whose keys the server would never see. A damaged store,
 * or one held busy by another writer beyond SLAB_BUSY_TIMEOUT_MS (default 10 s), is a one-line
 * message and exit 1; `revoke` first tries again a few times (docs/operations.md, "Store faults").
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { derivedComputation } from '../analytics/derived/derived-computation';
import { isTier, TIER_QUOTAS, TIERS } from '../auth/tiers';
import { loadConfig } from '../config';
import { openStore } from '../store/open-store';
import { asStoreError, DEFAULT_BUSY_TIMEOUT_MS } from '../store/sqlite/database';
import type { KeyBook, Store } from '../store/store';
import { StoreError } from '../store/store-error';
import { stopQuietlyWhenOutputCloses } from './closed-output';

const USAGE = `Usage:
  npm run keys -- create --tier ${TIERS.join('|')} [--label TEXT] [--json]
  npm run keys -- list [--json]
  npm run keys -- revoke ID`;

class UsageError extends Error {}

/** How many times `revoke` tries when the store is busy, and the pause before the second try (doubling). */
const REVOKE_ATTEMPTS = 3;
const REVOKE_BACKOFF_MS = 250;

/**
 * SLAB_BUSY_TIMEOUT_MS: how long each try waits for another writer's lock. Read here, not in
 * config.ts, as only this command has a person waiting on it (tests set it short).
 */
const BusyTimeoutSchema = z.coerce.number().int().min(0).max(600_000).default(DEFAULT_BUSY_TIMEOUT_MS);

type Command =
  | { name: 'create'; tier: (typeof TIERS)[number]; label: string | null; json: boolean }
  | { name: 'list'; json: boolean }
  | { name: 'revoke'; id: string };

function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  switch (name) {
    case 'create': {
      if (rest.length > 0) throw new UsageError(`create takes no positional argument (got "${rest[0]}").`);
      if (values.tier === undefined) throw new UsageError(`create needs --tier (${TIERS.join(', ')}).`);
      if (!isTier(values.tier)) {
        throw new UsageError(
          `--tier must be one of ${TIERS.join(', ')} (got "${values.tier.slice(0, 40)}").`,
        );
      }
      const label = values.label === undefined ? null : values.label.trim();
      if (label !== null && (label.length === 0 || label.length > 100 || /\p{Cc}/u.test(label))) {
        throw new UsageError('--label must be 1 to 100 printable characters.');
      }
      return { name, tier: values.tier, label, json: values.json ?? false };
    }
    case 'list':
      if (rest.length > 0 || values.tier !== undefined || values.label !== undefined) {
        throw new UsageError('list takes only --json.');
      }
      return { name, json: values.json ?? false };
    case 'revoke': {
      if (rest.length !== 1 || values.tier !== undefined || values.label !== undefined || values.json) {
        throw new UsageError('revoke takes exactly one key id (see the ID column of `list`).');
      }
      return { name, id: rest[0] as string };
    }
    case undefined:
      throw new UsageError('Name a command: create, list or revoke.');
    default:
      throw new UsageError(`Unknown command "${name.slice(0, 40)}": use create, list or revoke.`);
  }
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { tier: { type: 'string' }, label: { type: 'string' }, json: { type: 'boolean' } },
  });

async function run(command: Command, keys: KeyBook): Promise<number> {
  switch (command.name) {
    case 'create': {
      const made = await keys.create(command.tier, command.label);
      if (command.json) {
        console.log(JSON.stringify({ key: made.key, id: made.id, tier: made.tier }));
      } else {
        console.log(
          `Created ${made.tier} key ${made.id} (${TIER_QUOTAS[made.tier].toLocaleString('en-US')} calls a month).`,
        );
        console.log(`Key (shown once, store it now): ${made.key}`);
      }
      return 0;
    }
    case 'list': {
      const rows = await keys.list();
      if (command.json) {
        console.log(JSON.stringify(rows));
        return 0;
      }
      if (rows.length === 0) {
        console.log('No keys. Create one with: npm run keys -- create --tier free');
        return 0;
      }
      const table = rows.map((row) => ({
        ID: row.id,
        TIER: row.tier,
        STATUS: row.revoked_at === null ? 'active' : 'revoked',
        'USED THIS MONTH': `${row.used_this_month}/${TIER_QUOTAS[row.tier]}`,
        CREATED: row.created_at.slice(0, 19).replace('T', ' '),
        LABEL: row.label ?? '',
      }));
      const columns = Object.keys(table[0] ?? {}) as (keyof (typeof table)[number])[];
      const widths = columns.map((column) =>
        Math.max(column.length, ...table.map((row) => row[column].length)),
      );
      const line = (cells: string[]) =>
        cells
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd();
      console.log(line(columns));
      for (const row of table) console.log(line(columns.map((column) => row[column])));
      return 0;
    }
    case 'revoke': {
      const result = await withRetries(() => keys.revoke(command.id));
      if (!result.found) {
        console.error(`No key has the id "${command.id.slice(0, 60)}" (see npm run keys -- list).`);
        return 1;
      }
      console.log(
        result.alreadyRevoked ? `Key ${command.id} was already revoked.` : `Revoked key ${command.id}.`,
      );
      return 0;
    }
  }
}

/**
 * A revocation must land: when the store is busy (a long ingest), try again after a short pause
 * before giving up. A busy failure changed nothing, so another try is safe.
 */
async function withRetries<T>(action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      const failure = asStoreError(error, '');
      if (!(failure instanceof StoreError && failure.kind === 'busy') || attempt >= REVOKE_ATTEMPTS)
        throw error;
      const pause = REVOKE_BACKOFF_MS * 2 ** (attempt - 1);
      console.error(
        `The store is busy; trying again in ${(pause / 1000).toFixed(2)} s (attempt ${attempt + 1} of ${REVOKE_ATTEMPTS}).`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 1;
  }
  let store: Store;
  let path: string;
  try {
    path = loadConfig().SLAB_DB;
    const busyTimeout = BusyTimeoutSchema.safeParse(process.env.SLAB_BUSY_TIMEOUT_MS || undefined);
    if (!busyTimeout.success)
      throw new Error('SLAB_BUSY_TIMEOUT_MS must be a whole number of milliseconds up to 600000.');
    store = await openStore(path, {
      create: false,
      busyTimeoutMs: busyTimeout.data,
      derive: derivedComputation,
    });
  } catch (error) {
    console.error(
      error instanceof StoreError
        ? error.message
        : `Cannot open the store: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  try {
    return await run(command, store.keys);
  } catch (error) {
    // Busy beyond the timeout (and the retries of revoke), or damage found only now: one line, no stack.
    const failure = asStoreError(error, path);
    if (!(failure instanceof StoreError)) throw error;
    console.error(failure.message);
    return 1;
  } finally {
    await store.close();
  }
}

stopQuietlyWhenOutputCloses();
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
