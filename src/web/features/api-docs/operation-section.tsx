import { TableScroll } from '../../components/table-scroll';
import { InlineText, Paragraphs } from './inline-text';
import type { DocOperation, DocResponse } from './openapi-model';
import { TryIt } from './try-it';

/** One operation of the reference: what it does, parameters, answers (fields, errors, example), try it. */
export function OperationSection({ op, baseUrl }: { op: DocOperation; baseUrl: string }) {
  const titleId = `${op.id}-title`;
  const success = op.responses.filter((response) => response.status.startsWith('2'));
  const others = op.responses.filter((response) => !response.status.startsWith('2'));
  return (
    <section className="panel api-op" id={op.id} aria-labelledby={titleId}>
      <h2 id={titleId} className="api-op__title">
        <span className="api-call__method">{op.method}</span> <code>{op.path}</code>
        {op.summary ? <span className="api-op__summary"> {op.summary}</span> : null}
      </h2>
      <p className="api-op__facts">
        <span className="badge">{op.keyed ? 'key required' : 'no key'}</span>
        {op.keyed
          ? ' Spends calls of the key’s monthly quota as Limits says.'
          : ' Free: needs no key and spends nothing.'}
        {op.operationId ? (
          <>
            {' '}
            operationId <code>{op.operationId}</code>
          </>
        ) : null}
        {op.deprecated ? <strong> Deprecated.</strong> : null}
      </p>
      {op.description ? <Paragraphs text={op.description} /> : null}

      {op.parameters.length > 0 ? (
        <TableScroll label={`Parameters of ${op.method} ${op.path}`}>
          <table className="data-table api-op__table">
            <caption>Parameters</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((param) => (
                <tr key={`${param.in}:${param.name}`}>
                  <th scope="row">
                    <code>{param.name}</code>
                    {param.required ? <span className="api-op__required"> required</span> : null}
                  </th>
                  <td>{param.in}</td>
                  <td>{param.type}</td>
                  <td>
                    <InlineText text={param.description} />
                    {param.rule ? (
                      <details className="api-op__rule">
                        <summary>Rule</summary>
                        <code>{param.rule}</code>
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="field__help">No parameters.</p>
      )}

      {success.map((response) => (
        <SuccessResponse key={response.status} response={response} />
      ))}

      {others.length > 0 ? (
        <TableScroll label={`Other answers and errors of ${op.method} ${op.path}`}>
          <table className="data-table api-op__table">
            <caption>Other answers and errors</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Codes</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {others.map((response) => (
                <tr key={response.status}>
                  <th scope="row">{response.status}</th>
                  <td>
                    {response.codes.length > 0
                      ? response.codes.map((code) => (
                          <code key={code} className="api-op__code">
                            {code}
                          </code>
                        ))
                      : 'none (no body)'}
                  </td>
                  <td>
                    <InlineText text={response.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}

      <TryIt op={op} baseUrl={baseUrl} />
    </section>
  );
}

function SuccessResponse({ response }: { response: DocResponse }) {
  return (
    <div className="api-op__response">
      <h3 className="api-op__subtitle">
        {response.status} <InlineText text={response.description} />
      </h3>
      {response.fields.length > 0 ? (
        <details>
          <summary>Response fields ({response.fields.length})</summary>
          <TableScroll label={`Response fields of ${response.status}`}>
            <table className="data-table api-op__table">
              <caption className="visually-hidden">Response fields of {response.status}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {response.fields.map((field) => (
                  <tr key={field.path}>
                    <th scope="row">
                      <code>{field.path}</code>
                      {field.required ? null : <span className="api-op__optional"> optional</span>}
                    </th>
                    <td>
                      <InlineText text={field.type} />
                    </td>
                    <td>
                      <InlineText text={field.description} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </details>
      ) : null}
      {response.example ? (
        <figure className="code-block">
          <figcaption className="code-block__caption">
            {response.example.source === 'document'
              ? 'Example answer'
              : 'Example answer (shape only, made from the schema)'}
          </figcaption>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable example must be reachable by keyboard */}
          <pre className="code-block__code api-op__example" tabIndex={0}>
            {JSON.stringify(response.example.value, null, 2)}
          </pre>
        </figure>
      ) : null}
    </div>
  );
}
