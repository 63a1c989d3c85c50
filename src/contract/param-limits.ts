/**
 * The parameters' plain limits and defaults (decisions.md, "Parameters"), apart from their schemas in
 * params.ts, which re-exports them: a dashboard page that needs only a limit does not build classic
 * zod and every parameter schema when it loads.
 */
export const INDEX_START_DATE = '2026-05-29';
export const SOLD_DAYS = { min: 1, max: 365, default: 30 } as const;
export const MOVERS_LIMIT = { min: 1, max: 100, default: 25 } as const;
export const CARDS_LIMIT = { min: 1, max: 100, default: 25 } as const;
/** `/v1/card-movers`: the windows it compares (days, each against the one before), the default, the directions. */
export const CARD_MOVERS_DAYS = ['7', '30', '90'] as const;
export const CARD_MOVERS_DEFAULT_DAYS = 30;
export const CARD_MOVERS_DIRECTIONS = ['up', 'down', 'both'] as const;
export type CardMoversDirection = (typeof CARD_MOVERS_DIRECTIONS)[number];
/** `/v1/history`: the longest range (days, `from` and `to` included) and the default one. */
export const HISTORY_MAX_DAYS = 1096;
export const HISTORY_DEFAULT_DAYS = 365;
export const HISTORY_INTERVALS = ['week', 'month'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];
