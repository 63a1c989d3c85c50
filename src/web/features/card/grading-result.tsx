import type { GradingData } from '../../../contract/resources';
import { TableScroll } from '../../components/table-scroll';
import { formatDate, formatInteger, formatUsd } from '../../lib/format';
import { netRange, percentOf } from './grading-model';

/** `$1.00-$2.00`, which may wrap after its dash on a narrow screen. */
const range = (low: number, high: number) => (
  <>
    {formatUsd(low)}-<wbr />
    {formatUsd(high)}
  </>
);

/** One `/v1/grading` answer: the summary against selling raw, then each grade's chance, price and net. */
export function GradingResult({ data }: { data: GradingData }) {
  return (
    <div data-testid="grading-result">
      <GradingSummary data={data} />
      <GradingTable data={data} />
      <p className="card-page__note" data-testid="grading-basis">
        {data.grader} population report of {formatDate(data.population_as_of)}:{' '}
        {formatInteger(data.graded_copies)} graded copies
        {data.graded_copies < 100 ? ", shares shrunk toward its label's cards (fewer than 100 copies)" : ''}.
        Fee {formatUsd(data.fee)} per card; selling costs {data.selling_pct} % of the price +{' '}
        {formatUsd(data.selling_fixed)}.
        {data.unpriced_probability > 0
          ? ` Grades without a price (${percentOf(data.unpriced_probability)} of the chance) are left out of the expected net.`
          : ''}
      </p>
      <p className="card-page__note" data-testid="grading-caveat">
        {data.caveat} A copy you have not chosen for its looks will more likely grade lower than these
        chances.
      </p>
    </div>
  );
}

function GradingSummary({ data }: { data: GradingData }) {
  return (
    <dl className="grading-summary">
      <div>
        <dt>Sold raw</dt>
        <dd data-testid="grading-raw">
          {data.raw === null || data.raw_net === null ? (
            'no raw estimate'
          ) : (
            <>
              nets {formatUsd(data.raw_net)}{' '}
              <span className="card-view__rung-note">
                (sells for {formatUsd(data.raw.estimate)}, {data.raw.level} %:{' '}
                {range(data.raw.low, data.raw.high)})
              </span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Graded, expected net</dt>
        <dd data-testid="grading-expected-net">
          {data.expected_net === null ? 'no grade has a price' : formatUsd(data.expected_net)}
        </dd>
      </div>
      {data.expected_profit !== undefined ? (
        <div>
          <dt>Expected profit over the cost</dt>
          <dd data-testid="grading-expected-profit">
            {data.expected_profit === null ? 'unknown' : formatUsd(data.expected_profit)}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Chance of netting less than raw</dt>
        <dd data-testid="grading-p-loss">{data.p_loss === null ? 'unknown' : percentOf(data.p_loss)}</dd>
      </div>
      <div>
        <dt>Break-even grade</dt>
        <dd data-testid="grading-break-even">{data.break_even_grade ?? 'none nets as much as raw'}</dd>
      </div>
    </dl>
  );
}

function GradingTable({ data }: { data: GradingData }) {
  return (
    <TableScroll label="Each grade's chance, price and net after fees">
      <table className="grading-table" data-testid="grading-table">
        <thead>
          <tr>
            <th scope="col">Grade</th>
            <th scope="col">Chance</th>
            <th scope="col">Sells for (80 % range)</th>
            <th scope="col">Net after fees (80 % range)</th>
          </tr>
        </thead>
        <tbody>
          {data.by_grade.map((row) => {
            const nets = netRange(row, data);
            return (
              <tr key={row.grade} data-grade={row.grade}>
                <th scope="row">{row.grade}</th>
                <td data-testid="grading-chance">
                  {percentOf(row.probability)}{' '}
                  <span className="card-view__rung-note">{formatInteger(row.population)} graded</span>
                </td>
                {row.estimate === null || row.low === null || row.high === null ? (
                  <td colSpan={2} className="card-view__rung-note" data-testid="grading-price">
                    too few sales for a price
                  </td>
                ) : (
                  <>
                    <td data-testid="grading-price">
                      {formatUsd(row.estimate)}{' '}
                      <span className="card-view__rung-note">{range(row.low, row.high)}</span>
                    </td>
                    <td data-testid="grading-net">
                      {row.net === null ? '' : formatUsd(row.net)}{' '}
                      {nets ? (
                        <span className="card-view__rung-note">{range(nets.low, nets.high)}</span>
                      ) : null}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
