import { Link } from 'react-router';
import type { ValueParams } from '../../../contract/params';
import type { GradeValue, MatchedCard } from '../../../contract/resources';
import { exactCardQuery } from '../../lib/card-query/card-links';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { formatInteger, plural } from '../../lib/format';
import { type ValueAnswer, valueHrefWithQuery, writeValueSearch } from './value-search';

/** The API lists at most this many matched cards (docs/analytics.md): a full list may hide more. */
const MATCHED_LIST_LIMIT = 20;
/** Refinements offered above the headline; the full list is further down the page. */
const SHOWN_CARDS = 6;

/** What a value stands for: how many cards (with sales in its sample) and grades it mixes. */
export function mixOf(
  cards: readonly MatchedCard[] | undefined,
  byGrade: readonly GradeValue[],
  grade?: string,
) {
  const selling = cards?.filter((card) => card.sales > 0) ?? null;
  const moreCards =
    cards !== undefined && cards.length >= MATCHED_LIST_LIMIT && selling?.length === cards.length;
  const grades = grade ? 1 : byGrade.filter((row) => row.sample_size > 0).length;
  return { cards: selling, moreCards, grades };
}

export function mixSentence(mix: ReturnType<typeof mixOf>): string | null {
  const cardCount = mix.cards?.length ?? 0;
  const parts: string[] = [];
  if (cardCount > 1) parts.push(`${formatInteger(cardCount)}${mix.moreCards ? ' or more' : ''} cards`);
  if (mix.grades > 1) parts.push(`${formatInteger(mix.grades)} grades`);
  return parts.length === 0 ? null : `This value mixes ${parts.join(' and ')}.`;
}

/**
 * Above the headline, when q matched several cards or the value spans several grades: say so, and
 * offer each card (its exact title in double quotes) and each grade as a one-click refinement that
 * keeps the rest of the search. A mixed median is rarely the price of the card the collector holds.
 */
export function ValueMix({
  cards,
  byGrade,
  params,
  answer,
}: {
  cards: readonly MatchedCard[] | undefined;
  byGrade: readonly GradeValue[];
  params: ValueParams;
  answer: ValueAnswer;
}) {
  const mix = mixOf(cards, byGrade, params.grade);
  const sentence = mixSentence(mix);
  if (sentence === null) return null;
  const refinable = (mix.cards ?? []).flatMap((card) => {
    const q = exactCardQuery(card.title);
    return q === null ? [] : [{ card, q }];
  });
  const grades = params.grade ? [] : inGradeOrder(byGrade.filter((row) => row.sample_size > 0));
  return (
    <div className="value-mix" data-testid="value-mix">
      <p className="value-mix__sentence">{sentence}</p>
      {refinable.length > 1 ? (
        <div className="value-mix__choices">
          <span className="value-mix__label">One card only:</span>
          <ul aria-label="Value of one matched card only">
            {refinable.slice(0, SHOWN_CARDS).map(({ card, q }) => (
              <li key={`${card.category}/${card.label}/${card.title}`}>
                <Link to={valueHrefWithQuery(params, answer, q)} data-testid="value-mix-card">
                  {card.title}
                </Link>{' '}
                <span className="value-mix__meta">
                  ({formatInteger(card.sales)} {plural(card.sales, 'sale')})
                </span>
              </li>
            ))}
          </ul>
          {refinable.length > SHOWN_CARDS ? (
            <span className="value-mix__meta">
              {refinable.length - SHOWN_CARDS} more under “Cards matched”.
            </span>
          ) : null}
        </div>
      ) : null}
      {grades.length > 1 ? (
        <div className="value-mix__choices">
          <span className="value-mix__label">One grade only:</span>
          <ul aria-label="Value in one grade only">
            {grades.map((row) => (
              <li key={row.grade}>
                <Link to={`/value?${writeValueSearch({ ...params, grade: row.grade }, answer).toString()}`}>
                  {row.grade}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
