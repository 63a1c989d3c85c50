/**
 * A refusal the analytics can raise on input the parameter schemas could not judge alone
 * (a `q` that matches nothing, an unknown label). The HTTP layer maps `code` to a status and
 * sends `{error: code, hint}`.
 */
export class AnalyticsError extends Error {
  constructor(
    readonly code: 'invalid_parameter' | 'no_match',
    readonly hint: string,
  ) {
    super(`${code}: ${hint}`);
    this.name = 'AnalyticsError';
  }
}
