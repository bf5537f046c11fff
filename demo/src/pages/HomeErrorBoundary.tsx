import { Component, type ReactNode } from 'react';
import { ErrorView } from './ErrorView';

/**
 * The error element of the prerendered `/`. That page hydrates without the router (keeping the router's
 * code off the first load), so this boundary stands in for the route's errorElement with the same page.
 */
export class HomeErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? <ErrorView detail={this.state.error.message} /> : this.props.children;
  }
}
