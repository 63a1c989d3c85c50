/**
 * A refusal the analytics can raise on input the parameter schemas could not judge alone
 * (a `q` that matches nothing, an unknown label). The HTTP layer maps `code` to a status and
 * sends `{error: code, hint}`.
 */
export class AnalyticsError extends Error {
  constructor(
    readonly code: 'invalid_parameter' | 'no_match',
    readonly hint: string,
    /**
     * Whether the refusal is an answer about sales and so spends a call (decisions.md, "Keys,
     * tiers, quota"): a `no_match` whose words match a card (no sale in that grade, window or price
     * band). A typo that matches no card spends nothing.
     */
    readonly spendsCall = false,
  ) {
    super(`${code}: ${hint}`);
    this.name = 'AnalyticsError';
  }
}
