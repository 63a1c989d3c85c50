import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SoldParams } from '../../../contract/params';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { CardMixNote } from '../../components/card-picker/card-mix-note';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { QueryState } from '../../components/query-state/query-state';
import { soldQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { cardPageHref } from '../../lib/card-query/card-links';
import { queryLabel } from '../../lib/card-query/query-label';
import { ByGradeChart } from './by-grade-chart';
import { ByGradeTable } from './by-grade-table';
import { LabelIndexLinks } from './label-index-links';
import { soldCsv, soldCsvName } from './sold-csv';
import { soldHrefWithQuery } from './sold-search';
import { leadGrade, SoldStatCards } from './sold-stat-cards';
import { WindowComparisonPanel } from './window-comparison-panel';

/** The sold-comp answer for valid parameters: key -> request -> zod -> cache -> these panels. */
export function SoldResults({ params }: { params: SoldParams }) {
  const api = useApiConnection();
  const sold = soldQuery(api, params);
  const result = useQuery(sold);
  // The windows compare one grade with itself: the one asked, else the one the headline leads with.
  const compareGrade = params.grade ?? (result.data ? leadGrade(result.data)?.grade : undefined);
  return (
    <>
      <section className="panel" aria-labelledby="sold-stats-title">
        <h2 id="sold-stats-title">
          Sold comps for {queryLabel(params.q)}
          {params.grade ? ` in ${params.grade}` : ''}, last {params.days} days
        </h2>
        <QueryState
          result={result}
          label="the sold comps"
          suggestionHref={(q) => soldHrefWithQuery(params, q)}
        >
          {(data) => (
            <>
              <CardMixNote q={params.q} />
              <SoldStatCards data={data} />
              <p className="panel__links">
                <Link to={cardPageHref('/value', params.q, params.grade)}>
                  Value of this card, with its grade ladder and the cards it matches
                </Link>
              </p>
              <LabelIndexLinks q={params.q} grade={params.grade} />
              <div className="grid-2">
                <ByGradeTable rows={data.by_grade} />
                <ByGradeChart rows={data.by_grade} />
              </div>
              <CsvDownloadButton fileName={soldCsvName(params)} makeCsv={() => soldCsv(params, data)} />
            </>
          )}
        </QueryState>
        <ApiCallPanel request={sold.queryKey[1]} result={result} />
      </section>
      {result.isSuccess && (
        <section className="panel" aria-labelledby="window-title">
          <h2 id="window-title">How the window changes the answer</h2>
          <WindowComparisonPanel
            key={`${params.q}|${compareGrade ?? ''}|${params.days}`}
            q={params.q}
            grade={compareGrade}
          />
        </section>
      )}
    </>
  );
}
