import { Link } from 'react-router';
import type { ValueParams } from '../../../contract/params';
import type { GradeValue } from '../../../contract/resources';
import { ValueHeadline, type ValueSummary } from '../../components/value/value-headline';
import { cardPageHref } from '../../lib/card-query/card-links';
import { GradeLadder } from './grade-ladder';
import { RangeAccuracy } from './range-accuracy';

/** What the plain and the enriched answers both show: the headline, a note, the ladder. */
export function ValueAndLadder({
  data,
  params,
  note,
}: {
  data: ValueSummary & { by_grade: GradeValue[] };
  params: ValueParams;
  note: string;
}) {
  return (
    <>
      <ValueHeadline data={data} />
      <RangeAccuracy sales={data.sample_size} nextSale={data.next_sale} />
      <p className="card-page__note" data-testid="value-note">
        {note}
      </p>
      <p className="panel__links">
        <Link to={cardPageHref('/sold', params.q, params.grade)}>
          Sold comps of this card, by window and grade
        </Link>
      </p>
      <h3>Grade ladder</h3>
      <GradeLadder rows={data.by_grade} />
    </>
  );
}
