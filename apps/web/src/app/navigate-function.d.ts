// The app routes with <BrowserRouter> (declarative mode, ADR 014): its navigate() navigates at once
// and returns nothing. React Router types it `void | Promise<void>` because its data routers return
// a promise; this is the augmentation its documentation gives for declarative mode (useNavigate,
// "Return Type Augmentation"), so that a navigation is not taken for a promise left floating.
import type { NavigateOptions, To } from 'react-router';

declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
