import { howItWorksPage } from '@market/shared';
import { StaticPageView } from '../components/static-page-view';

/** /how-it-works. Copy: packages/shared/src/content/how-it-works.ts (the server renders the same content). */
export default function HowItWorksRoute() {
  return <StaticPageView page={howItWorksPage} />;
}
