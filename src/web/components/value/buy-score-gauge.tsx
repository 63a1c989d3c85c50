import type { Verdict } from '../../../contract/resources';
import { arcPath, GAUGE, pointAt } from './gauge-geometry';
import { VERDICT_BANDS } from './verdict-bands';

/**
 * The buy score on a half-circle: the four verdict bands coloured, the needle at the score, the
 * score and the verdict written under it. Exposed as an image whose name carries both.
 */
export const gaugeLabel = (score: number, verdict: Verdict): string =>
  `Buy score: ${score} out of 100, ${verdict}`;

export function BuyScoreGauge({ score, verdict }: { score: number; verdict: Verdict }) {
  const tip = pointAt(score, GAUGE.radius - GAUGE.width / 2 - 4);
  return (
    <div className="buy-score-gauge">
      <svg
        viewBox="0 0 200 112"
        role="img"
        aria-label={gaugeLabel(score, verdict)}
        data-testid="buy-score-gauge"
      >
        {VERDICT_BANDS.map((band) => (
          <path
            key={band.verdict}
            data-band={band.verdict}
            d={arcPath(band.from, band.to)}
            stroke={band.color}
            strokeWidth={GAUGE.width}
            fill="none"
          />
        ))}
        <line
          data-testid="gauge-needle"
          x1={GAUGE.cx}
          y1={GAUGE.cy}
          x2={tip.x}
          y2={tip.y}
          stroke="var(--color-text)"
          strokeWidth={3}
          strokeLinecap="round"
        />
        <circle cx={GAUGE.cx} cy={GAUGE.cy} r={5} fill="var(--color-text)" />
      </svg>
      <p className="buy-score-gauge__reading">
        <strong data-testid="buy-score">{score}</strong>
        <span className="buy-score-gauge__of"> / 100</span>{' '}
        <span data-testid="verdict" className="buy-score-gauge__verdict">
          {verdict}
        </span>
      </p>
    </div>
  );
}
