/**
 * `npm run seed -- [--seed N] [--as-of YYYY-MM-DD] [--scale full|small] [--truth FILE]`: replaces
 * the market data of the store at SLAB_DB with the demo market. API keys and their usage stay.
 * `--truth FILE` also writes the generator's true price paths as JSON (market-truth.ts), for the
 * accuracy benchmark; none of it enters the store.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { defaultAsOf } from '../seed/seed-demo-market';
import { seedStore } from '../seed/seed-store';
import { asStoreError } from '../store/sqlite/database';
import { StoreError } from '../store/store-error';
import { stopQuietlyWhenOutputCloses } from './closed-output';
import { openStoreOrSay } from './open-store';

const USAGE = 'usage: npm run seed -- [--seed N] [--as-of YYYY-MM-DD] [--scale full|small] [--truth FILE]';

async function main(): Promise<number> {
  let values: { seed?: string; 'as-of'?: string; scale?: string; truth?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        seed: { type: 'string' },
        'as-of': { type: 'string' },
        scale: { type: 'string' },
        truth: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 32 - 1) {
    console.error(`--seed must be a whole number from 0 to 4294967295.\n${USAGE}`);
    return 2;
  }
  const scale = values.scale ?? config.SLAB_SEED_SCALE;
  if (scale !== 'full' && scale !== 'small') {
    console.error(`--scale must be full or small.\n${USAGE}`);
    return 2;
  }
  const asOf = values['as-of'] ?? config.SLAB_SEED_AS_OF ?? defaultAsOf();
  const started = performance.now();
  const store = await openStoreOrSay(config.SLAB_DB);
  if (store === null) return 1;
  try {
    const summary = await seedStore(store, {
      seed,
      asOf,
      scale,
      truth: values.truth !== undefined,
      onProgress: (line) =>
        console.log(`[seed ${((performance.now() - started) / 1000).toFixed(1)}s] ${line}`),
    });
    if (values.truth !== undefined && summary.truth) {
      writeFileSync(values.truth, JSON.stringify(summary.truth));
      console.log(
        `wrote the true paths of ${summary.truth.labels.length} labels and ${summary.truth.cards.length} cards to ${values.truth}`,
      );
    }
    console.log(
      `seeded ${store.location}: ${summary.cards.toLocaleString('en-US')} cards, ${summary.sales.toLocaleString('en-US')} sales, ${summary.listings.toLocaleString('en-US')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    const failure = asStoreError(error, config.SLAB_DB);
    console.error(
      failure instanceof StoreError ? failure.message : `seed failed: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await store.close();
  }
}

stopQuietlyWhenOutputCloses();
main().then((code) => {
  process.exitCode = code;
});
