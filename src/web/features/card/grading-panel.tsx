import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/query-state/query-state';
import { isApiError } from '../../lib/api/api-error';
import { gradingQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { GradingFieldsForm } from './grading-fields';
import { EMPTY_GRADING_FIELDS, type GradingFields, gradingParams } from './grading-model';
import { GradingResult } from './grading-result';

/** How long typing must pause before the assumptions are sent. */
const TYPING_PAUSE_MS = 600;

/**
 * "Worth grading?": one `/v1/grading` call for the card (`q`, its exact-title query) with the
 * assumptions as edited. A grader without a report for the card is said so plainly.
 */
export function GradingPanel({ q }: { q: string }) {
  const api = useApiConnection();
  const [fields, setFields] = useState<GradingFields>(EMPTY_GRADING_FIELDS);
  const sent = useDebouncedValue(fields, TYPING_PAUSE_MS);
  const result = useQuery({
    ...gradingQuery(api, gradingParams(q, sent)),
    retry: false,
  });
  const noReport =
    isApiError(result.error) &&
    result.error.problem.kind === 'http' &&
    result.error.problem.code === 'no_match';
  return (
    <section className="grading-panel" aria-labelledby="card-grading" data-testid="grading-panel">
      <h2 id="card-grading">Worth grading?</h2>
      <p className="card-page__intro">
        What a raw copy would net once graded, grade by grade, against selling it raw.
      </p>
      {/* An empty field's placeholder is the value the last answer used: the server's default. */}
      <GradingFieldsForm fields={fields} defaults={result.data ?? {}} onChange={setFields} />
      {noReport ? (
        <p className="state-panel state-panel--info" role="status" data-testid="grading-no-report">
          No {sent.grader} population report holds this card, so its chances per grade are unknown. Try
          another grader.
        </p>
      ) : (
        <QueryState result={result} label="whether grading pays">
          {(answer) => <GradingResult data={answer} />}
        </QueryState>
      )}
    </section>
  );
}
