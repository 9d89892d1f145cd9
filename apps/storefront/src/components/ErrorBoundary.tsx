import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * A screen that throws (or whose code chunk cannot be fetched, say after a new release) shows a calm
 * message with a way forward instead of a blank page. It resets when the shopper navigates elsewhere.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="state container" role="alert">
        <h1 className="state__title">Something went wrong</h1>
        <p className="state__text">This page could not be shown. Please reload, or return to the home page.</p>
        <div className="not-found__actions">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className="btn btn--outline">
            Back to Home
          </a>
        </div>
      </div>
    );
  }
}
