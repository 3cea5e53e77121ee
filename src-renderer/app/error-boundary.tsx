/** A render error in one view shows a message and a way back instead of a blank window. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError } from '../api/errors';

interface Props {
  children: ReactNode;
  /** Shown above the message: "This view failed", "Mindloom failed". */
  title?: string;
}

interface State {
  error: unknown;
  failed: boolean;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The console is where a developer looks; the person gets the message below.
    console.error('View failed to render', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null, failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { code, message } = describeError(this.state.error);
    return (
      <div className="state state-error crash" role="alert">
        <strong>{this.props.title ?? 'This view failed'}</strong>
        <p>
          <code className="error-code">{code}</code> {message}
        </p>
        <button type="button" onClick={this.reset}>
          Try again
        </button>
      </div>
    );
  }
}
