import { Component, type ReactNode } from 'react';
import { isChunkLoadError, retryFailedParts } from '../lib/retryable-lazy';

/**
 * Catches a page that throws while rendering, or whose code could not be loaded, so the header and
 * navigation keep working. Reset by navigating (the shell keys it by path) or by "Try again": a
 * part whose chunk failed to load (server down, connection lost, a deploy replaced the files) is
 * imported afresh (retryableLazy), without reloading the dashboard.
 */
interface State {
  error: Error | null;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  private readonly retry = () => {
    retryFailedParts();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div className="page">
        <div className="state-panel state-panel--error" role="alert">
          <h1 className="state-panel__title">
            {chunk ? 'This page could not be loaded' : 'This page could not be shown'}
          </h1>
          <div className="state-panel__body">
            {chunk ? (
              <p>
                Its code did not arrive: the connection dropped, the server is not answering, or the dashboard
                was updated. Try again once the server answers.
              </p>
            ) : (
              <p>{error.message}</p>
            )}
          </div>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={this.retry}>
              Try again
            </button>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Reload the dashboard
            </button>
          </div>
        </div>
      </div>
    );
  }
}
