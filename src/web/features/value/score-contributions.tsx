import { formatPoints, type ScoreExplanation } from './score-breakdown';

const pointsClass = (text: string): string =>
  text.startsWith('+') ? 'points-up' : text.startsWith('-') ? 'points-down' : '';

/**
 * What each input of the documented formula added to the buy score, as a list of signed points
 * from the base of 50. When the figures on screen (rounded to cents) give a different score than
 * the API's, it says so: the API's score is the one shown on the gauge.
 */
export function ScoreContributions({ explanation, score }: { explanation: ScoreExplanation; score: number }) {
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
              {row.label} <span className="score-contributions__reading">({row.reading})</span>
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
      {explanation.recomputed !== score && (
        <p className="score-contributions__note">
          From the rounded figures shown, the formula gives {explanation.recomputed}; the API computed {score}{' '}
          from unrounded prices.
        </p>
      )}
    </div>
  );
}
