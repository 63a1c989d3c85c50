/**
 * What spends a call of a key's monthly quota, and why: the one statement that GET /v1 `pricing`,
 * the OpenAPI description, the /docs page, Settings and docs/api.md show (decisions.md, "Keys,
 * tiers, quota, rate limits").
 */
export const BILLING_SPENDS =
  'An answer about the market spends one call: every 2xx data answer, and a 404 no_match whose words (or exact title) match a card, because "no sale of this card in this grade, window or price band" is itself an answer about its sales.';

export const BILLING_FREE =
  'An answer that tells nothing about the market spends nothing: a no_match whose words match no card (a typo), a 400, 401 or 429, a 304 (the client already holds the answer), /v1/usage and the operations that need no key. A HEAD spends what its GET would.';

export const BILLING_RULE = `${BILLING_SPENDS} ${BILLING_FREE}`;
