import { ContentPage } from '../../features/content-library/components/content-page';

/** /content (brands with a plan): the content library (issue 28). */
export function ContentRoute() {
  return <ContentPage />;
}
