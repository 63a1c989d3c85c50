import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { QueryState } from '../../components/query-state/query-state';
import { TableScroll } from '../../components/table-scroll';
import { usageQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { useApiKey } from '../../lib/api-key/key-store';
import { formatDate, formatInteger } from '../../lib/format';
import { UsageByDayChart } from './usage-by-day-chart';
import { usageCsv, usageCsvName } from './usage-csv';

/**
 * Settings: what the key spent this month as the server counts it (GET /v1/usage, which spends
 * nothing): used, remaining and the reset date, the calls by day as a small chart and by operation
 * as a table. Shown only while there is a key.
 */
export function UsagePanel() {
  const api = useApiConnection();
  const key = useApiKey()?.key ?? null;
  const query = usageQuery(api);
  const result = useQuery(query);
  const { refetch } = result;
  // One key's figures: another key's are asked for at once (the query key never holds the key).
  const shownFor = useRef(key);
  useEffect(() => {
    if (shownFor.current === key) return;
    shownFor.current = key;
    if (key !== null) void refetch();
  }, [key, refetch]);
  // Without a key there is no account to show (the API key panel says how to get one).
  if (key === null) return null;
  return (
    <section className="panel usage-panel" aria-labelledby="usage-month-title">
      <h2 id="usage-month-title">This month</h2>
      <QueryState result={result} label="this month's usage">
        {(usage) => (
          <>
            <dl className="facts">
              <dt>Calls used</dt>
              <dd data-testid="usage-used">
                {formatInteger(usage.used)} of {formatInteger(usage.quota)}
              </dd>
              <dt>Remaining</dt>
              <dd data-testid="usage-remaining">{formatInteger(usage.remaining)}</dd>
              <dt>Resets</dt>
              <dd data-testid="usage-resets">{formatDate(usage.resets_at)} (00:00 UTC)</dd>
            </dl>
            <UsageByDayChart days={usage.by_day} />
            <CsvDownloadButton fileName={usageCsvName(usage)} makeCsv={() => usageCsv(usage)} />
            {usage.by_operation.length > 0 ? (
              <TableScroll label="Calls by operation">
                <table className="usage-panel__operations" data-testid="usage-by-operation">
                  <caption>Calls by operation</caption>
                  <thead>
                    <tr>
                      <th scope="col">Operation</th>
                      <th scope="col">Calls</th>
                    </tr>
                  </thead>
                  <tbody>
                    {usage.by_operation.map((row) => (
                      <tr key={row.operation}>
                        <th scope="row">
                          <code>{row.operation}</code>
                        </th>
                        <td>{formatInteger(row.calls)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : (
              <p>No call spent this month yet.</p>
            )}
            <p className="field__help">
              Counted by the server for this key, across every device and script that uses it. Reading it
              spends nothing.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
