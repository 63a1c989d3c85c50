import { Component, type ReactNode } from 'react';

/**
 * Catches a page that throws while rendering (or a lazy chunk that fails to load after a deploy),
 * so the header and navigation keep working. Reset by navigating: the shell keys it by path.
 */
interface State {
  error: Error | null;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page">
        <div className="state-panel state-panel--error" role="alert">
          <h1 className="state-panel__title">This page could not be shown</h1>
          <p>{this.state.error.message}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload the dashboard
          </button>
        </div>
      </div>
    );
  }
}
