import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * React Router's MemoryRouter as the app's router behaves: a navigation shows without a transition
 * (app/page-code-first-router.tsx). MemoryRouter's own would wait for the next paint (ADR 031).
 */
export function TestRouter(props: ComponentProps<typeof MemoryRouter>) {
  return <MemoryRouter {...props} useTransitions={false} />;
}
