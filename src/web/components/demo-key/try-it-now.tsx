import { useId } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { useMintDemoKey } from '../../lib/api-key/demo-key';
import { humaneHint } from '../../lib/format';

/**
 * "Try it now": mints a personal demo key (GET /v1/demo-key), or goes on with the key this browser
 * already has; every data panel on the page then loads with it. Says why when the server will not mint: no demo mode
 * (404), too many keys from this address (429 with the server's hint), or no answer.
 */
export interface TryItNowButtonProps {
  label?: string;
  /** After the key is stored (the key dialog closes itself). */
  onMinted?: () => void;
}

export function TryItNowButton({ label = 'Try it now', onMinted }: TryItNowButtonProps) {
  const mint = useMintDemoKey();
  const problemId = useId();
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={() => mint.mutate(onMinted)}
        disabled={mint.isPending}
        aria-describedby={mint.isError ? problemId : undefined}
      >
        {mint.isPending ? 'Making your demo key…' : label}
      </button>
      {mint.isError ? (
        <p id={problemId} className="field__error try-it-now__problem" role="alert">
          {mintProblem(mint.error)}
        </p>
      ) : null}
    </>
  );
}

/** What a failed mint means to the visitor. Exported for tests. */
export function mintProblem(error: unknown): string {
  if (!isApiError(error)) return 'No demo key could be made.';
  const { problem } = error;
  if (problem.kind === 'network')
    return 'The API cannot be reached, so no demo key could be made. Try again later.';
  if (problem.kind === 'contract') {
    return `The server answered /v1/demo-key in an unexpected shape (${problem.path}: ${problem.issue}).`;
  }
  if (problem.status === 404) {
    return 'This server gives no demo keys (demo mode is off). Enter a key of your own.';
  }
  if (problem.status === 429) return `No more demo keys for now: ${humaneHint(problem.hint)}`;
  return `No demo key could be made (${problem.status} ${problem.code}): ${problem.hint}`;
}
