import { Link } from 'react-router';
import { cardPageHref, exactCardQuery } from '../../lib/card-query/card-links';
import { type DiscountComparison, formatPoints, type ScoreExplanation } from './score-breakdown';

const pointsClass = (text: string): string =>
  text.startsWith('+') ? 'points-up' : text.startsWith('-') ? 'points-down' : '';

/**
 * What each input of the documented formula added to the buy score, as a list of signed points
 * from the base of 50, and which card and grade the last sale was compared with. When the figures
 * on screen (rounded to cents) give a different score than the API's, it says so: the API's score
 * is the one shown on the gauge.
 */
export function ScoreContributions({ explanation, score }: { explanation: ScoreExplanation; score: number }) {
  const { comparison } = explanation;
  return (
    <div className="score-contributions">
      <h3>What made the score</h3>
      <ol className="score-contributions__rows">
        <li>
          <span>Base</span>
          <span className="score-contributions__points">{explanation.base}</span>
        </li>
        {explanation.rows.map((row) => (
          <li key={row.input} data-testid="contribution" data-input={row.input}>
            <span>
              {row.label}{' '}
              <span className="score-contributions__reading" data-testid="contribution-reading">
                ({row.reading})
              </span>
            </span>
            <span
              data-testid="contribution-points"
              className={`score-contributions__points ${pointsClass(formatPoints(row.points))}`}
            >
              {formatPoints(row.points)}
            </span>
          </li>
        ))}
      </ol>
      <LastSaleCard comparison={comparison} />
      {explanation.recomputed !== score && (
        <p className="score-contributions__note">
          {comparison.kind === 'unknown'
            ? `Without the comparable sales, the discount is read as 0 here: the formula gives ${explanation.recomputed}; the API computed ${score}.`
            : `From the rounded figures shown, the formula gives ${explanation.recomputed}; the API computed ${score} from unrounded prices.`}
        </p>
      )}
    </div>
  );
}

/** Which card and grade the last sale was: the discount compares it with that cell's other sales only. */
function LastSaleCard({ comparison }: { comparison: DiscountComparison }) {
  if (comparison.kind === 'unknown') return null;
  const q = exactCardQuery(comparison.title);
  return (
    <p className="score-contributions__comps" data-testid="last-sale-comps">
      The last sale was{' '}
      <span className="score-contributions__card" data-testid="last-sale-card">
        {comparison.title}
      </span>{' '}
      in <span data-testid="last-sale-grade">{comparison.grade}</span>: like for like, the discount compares
      it only with the other {comparison.grade} sales of that card.
      {q && (
        <>
          {' '}
          <Link to={cardPageHref('/value', q, comparison.grade)}>
            Value of this card in {comparison.grade} only
          </Link>
        </>
      )}
    </p>
  );
}
