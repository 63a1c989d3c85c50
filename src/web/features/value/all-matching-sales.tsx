import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ValueParams } from '../../../contract/params';
import type { GradeValue } from '../../../contract/resources';
import { SoldFigures, type SoldSample } from '../../components/value/sold-figures';
import { cardPageHref } from '../../lib/card-query/card-links';
import { formatInteger } from '../../lib/format';
import type { CardSpan } from './card-span';
import { GradeLadder } from './grade-ladder';

type Several = Extract<CardSpan, { kind: 'several' }>;

/** `12 cards and 14 grades`: what the figures of a search that matches several cards blend. */
export function blendPhrase(
  span: Several,
  byGrade: readonly GradeValue[],
  grade: string | undefined,
): string {
  const cards = `${formatInteger(span.cards)}${span.more ? ' or more' : ''} cards`;
  const grades = grade ? 1 : byGrade.filter((row) => row.sample_size > 0).length;
  return grades > 1 ? `${cards} and ${formatInteger(grades)} grades` : `${cards} in ${grade ?? 'one grade'}`;
}

/**
 * The answer to a search that matches several cards: no value, no confidence, no buy score (a price
 * belongs to one card in one grade; the card list above leads), and the blended figures folded
 * below, named for what they are: all matching sales.
 */
export function AllMatchingSales({
  data,
  span,
  params,
  note,
  children,
}: {
  data: SoldSample & { by_grade: GradeValue[] };
  span: Several;
  params: ValueParams;
  note: string;
  children?: ReactNode;
}) {
  const blend = blendPhrase(span, data.by_grade, params.grade);
  return (
    <div className="all-matching-sales">
      <p className="value-mix value-mix__sentence" data-testid="value-blend">
        This search matches {formatInteger(span.cards)}
        {span.more ? ' or more' : ''} cards with sales{params.grade ? ` in ${params.grade}` : ''}, and a value
        is the price of one card in one grade: pick a card above for its value, its confidence and its buy
        score.
      </p>
      <details className="all-matching-sales__details" data-testid="all-matching-sales">
        <summary>All matching sales: {blend} blended</summary>
        <SoldFigures data={data} median="Median of all matching sales" label="All matching sales" />
        <p className="card-page__note" data-testid="value-note">
          {note}
        </p>
        <p className="panel__links">
          <Link to={cardPageHref('/sold', params.q, params.grade)}>
            Sold comps of these cards, by window and grade
          </Link>
        </p>
        <h3>Grade ladder of all matching sales</h3>
        <GradeLadder rows={data.by_grade} nextSale={false} />
        {children}
      </details>
    </div>
  );
}
