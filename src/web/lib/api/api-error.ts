import type { z } from 'zod';

/**
 * Everything that can go wrong with a call, as one typed error the UI can switch on:
 * - `http`: the server answered `{error, hint}` (or a non-2xx without that body);
 * - `contract`: the server answered 2xx but the body is not the contract's shape (`path` names the
 *   first failing field, such as `data.categories[3].total_value`);
 * - `network`: no answer at all (server down, DNS, CORS, offline).
 * Messages never contain the API key: the key is only ever in a request header.
 */
export type ApiProblem =
  | {
      kind: 'http';
      status: number;
      code: string;
      hint: string;
      /** From `Retry-After` or the RateLimit reset, when the server sent one (429). */
      resetAt: Date | null;
    }
  | { kind: 'contract'; path: string; issue: string }
  | { kind: 'network'; detail: string };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(readonly problem: ApiProblem) {
    super(describeProblem(problem));
  }

  get status(): number | null {
    return this.problem.kind === 'http' ? this.problem.status : null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

function describeProblem(problem: ApiProblem): string {
  switch (problem.kind) {
    case 'http':
      return `${problem.status} ${problem.code}: ${problem.hint}`;
    case 'contract':
      return `The API answered in an unexpected shape at ${problem.path}: ${problem.issue}`;
    case 'network':
      return `The API could not be reached: ${problem.detail}`;
  }
}

/** `['data', 'categories', 3, 'total_value']` -> `data.categories[3].total_value`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the whole body)';
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

export function contractError(error: z.ZodError): ApiError {
  const first = error.issues[0];
  return new ApiError({
    kind: 'contract',
    path: formatIssuePath(first?.path ?? []),
    issue: first?.message ?? 'does not match the contract',
  });
}
