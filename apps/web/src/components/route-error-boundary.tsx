import type { ReactNode } from 'react';
import { Component } from 'react';
import { useLocation } from 'react-router';

import { ErrorScreen } from './error-screen';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  pathname: string;
  failed: boolean;
  error?: unknown;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  /** Another path is another try: the page behind the error screen renders again. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/**
 * The error element of every route (app/router.tsx): a page that throws while rendering (a drifted
 * answer, a chunk that failed to download) shows ErrorScreen in its place, inside the signed-in
 * shell when the page is one of its own, so the sidebar stays usable. Leaving for another path
 * clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
