import { termsAndConditionsPage } from '@market/shared';
import { StaticPageView } from '../components/static-page-view';

/** /terms-and-conditions. Copy: packages/shared/src/content/terms-and-conditions.ts (the server renders the same content). */
export default function TermsAndConditionsRoute() {
  return <StaticPageView page={termsAndConditionsPage} />;
}
