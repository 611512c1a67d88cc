import { Component, type ErrorInfo, type ReactNode } from "react";
import { UNEXPECTED_ERROR } from "./island-error.ts";

interface State {
  error?: Error;
}

/**
 * The last line of defence: a rendering error shows what went wrong instead of
 * a blank page. Plain markup and inline styles, because the theme itself may be
 * what failed.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" style={{ padding: "2rem", fontFamily: "system-ui, sans-serif", color: "#081326" }}>
        <h2 style={{ fontSize: "1.5rem", fontWeight: 700 }}>{UNEXPECTED_ERROR}</h2>
        <h3 style={{ fontStyle: "italic", margin: "0.75rem 0" }}>{error.message}</h3>
        <pre style={{ padding: "0.5rem", background: "rgba(200,200,200,0.5)", overflowX: "auto", fontSize: "0.85rem" }}>{error.stack}</pre>
      </div>
    );
  }
}
