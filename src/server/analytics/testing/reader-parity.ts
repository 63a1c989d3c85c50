import { expect } from 'vitest';
import { normalizeTitle, queryWords } from '../../../contract/card-query';
import { CATEGORIES } from '../../../contract/categories';
import {
  CategoriesParamsSchema,
  FloorParamsSchema,
  IndexParamsSchema,
  MoversParamsSchema,
  SoldParamsSchema,
  ValueParamsSchema,
} from '../../../contract/params';
import type { MarketReader } from '../../store/market-reader';
import { type BoundOperations, operationsOn } from './operations-on';

/**
 * Test helper: every MarketReader method of `actual` (PostgreSQL) against `expected` (SQLite) on the
 * same market. Small answers are compared whole; the per-day and per-card ones on a sample (every
 * `step`-th day, card and label, plus the edges), with case variants and misses.
 */
export async function expectSameReads(
  expected: MarketReader,
  actual: MarketReader,
  step = 7,
): Promise<number> {
  let compared = 0;
  const same = async <T>(what: string, read: (reader: MarketReader) => Promise<T>) => {
    const [want, got] = await Promise.all([read(expected), read(actual)]);
    expect(got, what).toStrictEqual(want);
    compared += 1;
  };
  const state = await expected.state();
  await same('state', (r) => r.state());
  expect(actual.gradeOfCode()).toStrictEqual(expected.gradeOfCode());
  await same('saleColumns', async (r) => {
    const { soldAt, priceGrade, ...rest } = await r.saleColumns();
    return { ...rest, soldAt: Array.from(soldAt), priceGrade: Array.from(priceGrade) };
  });
  await same('titles', (r) => r.titles());
  await same('allCards', (r) => r.allCards());
  await same('movers', (r) => r.movers());
  for (const category of [...CATEGORIES, 'nope']) await same(`movers ${category}`, (r) => r.movers(category));
  await same('accuracy', async (r) =>
    (await r.accuracy()).sort((a, b) => (a.scope + a.name < b.scope + b.name ? -1 : 1)),
  );
  await same('nextSaleModel', (r) => r.nextSaleModel());
  await same('salesIndex, categories', (r) => r.salesIndex({}));
  const labelRows = (await expected.movers()).filter((_, i) => i % step === 0);
  for (const { category, label } of labelRows) {
    await same(`salesIndex ${label}`, (r) => r.salesIndex({ label: label.toUpperCase() }));
    await same(`salesIndex ${category} ${label}`, (r) =>
      r.salesIndex({ label, category, from: '2026-07-01' }),
    );
  }

  const series = await expected.categorySeries({ from: '0000-00-00', to: '9999-99-99' });
  await same('categorySeries, all', (r) => r.categorySeries({ from: '0000-00-00', to: '9999-99-99' }));
  const days = [...new Set(series.map((row) => row.day))];
  const sampleDays = [...days.filter((_, i) => i % step === 0), days.at(-1), '2020-01-01'].filter(
    (day): day is string => day !== undefined,
  );
  for (const category of CATEGORIES) {
    await same(`categorySeries ${category}`, (r) =>
      r.categorySeries({ from: days[3] ?? '0000-00-00', to: days.at(-4) ?? '9999-99-99', category }),
    );
  }
  for (const day of sampleDays) {
    await same(`categorySnapshot ${day}`, (r) => r.categorySnapshot(day));
    for (const category of CATEGORIES)
      await same(`labelSnapshot ${day} ${category}`, (r) => r.labelSnapshot(day, category));
  }

  const titles = await expected.titles();
  const ids = titles.map((_, i) => i + 1).filter((id) => id % step === 1);
  await same('cards, sample', (r) => r.cards([...ids, 0, titles.length + 5]));
  await same('cards, none', (r) => r.cards([]));
  const cards = await expected.cards(ids);
  for (const { title } of cards.filter((_, i) => i % 5 === 0))
    await same(`population ${title}`, (r) => r.population(normalizeTitle(title)));
  const labels = [...new Map(cards.map((card) => [`${card.category} ${card.label}`, card])).values()];
  for (const { category, label } of labels.filter((_, i) => i % 3 === 0)) {
    for (const variant of [label, label.toUpperCase(), label.toLowerCase()]) {
      await same(`labelExists ${variant}`, (r) => r.labelExists(variant));
      await same(`labelExists ${variant} in ${category}`, (r) => r.labelExists(variant, category));
      await same(`labelSeries ${variant}`, (r) =>
        r.labelSeries({ label: variant, from: '0000-00-00', to: '9999-99-99' }),
      );
      await same(`labelSeries ${variant} in ${category}`, (r) =>
        r.labelSeries({
          label: variant,
          from: days[10] ?? '0000-00-00',
          to: state.snapshotDate ?? '9999-99-99',
          category,
        }),
      );
    }
  }
  await same('labelExists, none', (r) => r.labelExists('No Such Label'));
  for (const card of cards.filter((_, i) => i % 2 === 0)) {
    const words = queryWords(card.title);
    await same(`matchCards ${card.title}`, (r) => r.matchCards(words));
    await same(`matchCards ${words[1]}`, (r) => r.matchCards(words.slice(1, 2)));
    await same(`matchCards ${words.slice(-2)}`, (r) => r.matchCards(words.slice(-2).reverse()));
  }
  await same('matchCards, none', (r) => r.matchCards([]));
  return compared;
}

/**
 * Test helper: every analytics operation over `actual`'s reader against `expected`'s, answers and
 * refusals alike (the error's name, message and hint; `answered` counts the calls that were not refused), for every category, a sample of labels, and
 * queries made from a sample of card titles (words, exact titles, a misspelling) with grades,
 * windows and price bounds.
 */
export async function expectSameAnalytics(
  expected: MarketReader,
  actual: MarketReader,
  options: { step?: number; from?: string; queries?: string[] } = {},
): Promise<{ compared: number; answered: number }> {
  const step = options.step ?? 7;
  const want = operationsOn(expected);
  const got = operationsOn(actual);
  let compared = 0;
  let answered = 0;
  const outcome = async (call: () => Promise<unknown>) => {
    try {
      return { answer: await call() };
    } catch (error) {
      const { name, message, ...rest } = error as Error;
      return { error: { name, message, ...rest } };
    }
  };
  const same = async (what: string, call: (analytics: BoundOperations) => Promise<unknown>) => {
    const [a, b] = await Promise.all([outcome(() => call(want)), outcome(() => call(got))]);
    expect(b, what).toStrictEqual(a);
    compared += 1;
    if ('answer' in a) answered += 1;
  };

  await same('categories', (m) => m.categories(CategoriesParamsSchema.parse({})));
  await same('floor', (m) => m.floor(FloorParamsSchema.parse({})));
  await same('index', (m) => m.index(IndexParamsSchema.parse({})));
  await same('movers', (m) => m.movers(MoversParamsSchema.parse({ limit: 100 })));
  for (const category of CATEGORIES) {
    await same(`categories ${category}`, (m) => m.categories(CategoriesParamsSchema.parse({ category })));
    await same(`floor ${category}`, (m) => m.floor(FloorParamsSchema.parse({ category })));
    await same(`index ${category}`, (m) =>
      m.index(IndexParamsSchema.parse({ category, from: options.from })),
    );
    await same(`movers ${category}`, (m) => m.movers(MoversParamsSchema.parse({ category, limit: 25 })));
  }
  const titles = await expected.titles();
  const cards = await expected.cards(titles.map((_, i) => i + 1).filter((id) => id % step === 1));
  for (const [i, card] of cards.entries()) {
    if (i % 3 === 0) {
      await same(`index ${card.label}`, (m) =>
        m.index(IndexParamsSchema.parse({ label: card.label.toUpperCase() })),
      );
    }
    const words = queryWords(card.title);
    const queries = [
      words.slice(-3).join(' '),
      words.slice(0, 2).join(' '),
      `"${card.title}"`,
      `${(words[2] ?? 'x').slice(1)} ${words[0]}`,
    ];
    for (const q of queries) {
      const grade = i % 2 === 0 ? undefined : 'PSA 10';
      await same(`sold ${q}`, (m) =>
        m.sold(SoldParamsSchema.parse({ q, grade, days: [1, 7, 30, 90, 365][i % 5] })),
      );
      await same(`value ${q}`, (m) => m.value(ValueParamsSchema.parse({ q, grade })));
      await same(`value ${q} 20..500`, (m) =>
        m.value(ValueParamsSchema.parse({ q, min_price: 20, max_price: 500 })),
      );
      await same(`enrichedValue ${q}`, (m) => m.enrichedValue(ValueParamsSchema.parse({ q, grade })));
    }
  }
  for (const [i, q] of (options.queries ?? []).entries()) {
    const grade = i % 2 === 0 ? undefined : 'PSA 10';
    for (const days of [5, 30, 365]) {
      await same(`sold ${q} ${days}`, (m) => m.sold(SoldParamsSchema.parse({ q, grade, days })));
    }
    await same(`value ${q}`, (m) => m.value(ValueParamsSchema.parse({ q, grade })));
    await same(`value ${q} 100..130`, (m) =>
      m.value(ValueParamsSchema.parse({ q, min_price: 100, max_price: 130 })),
    );
    await same(`enrichedValue ${q}`, (m) => m.enrichedValue(ValueParamsSchema.parse({ q, grade })));
  }
  return { compared, answered };
}
