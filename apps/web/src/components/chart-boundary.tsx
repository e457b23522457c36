import { Component, type ReactNode } from 'react';

/**
 * Keeps a chart that fails to draw (or whose code fails to load) from taking the whole page down: the card shows
 * `fallback` (its table) instead, and the figures and summary stay.
 */
export class ChartBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
