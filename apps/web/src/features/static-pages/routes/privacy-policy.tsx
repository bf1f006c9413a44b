import { privacyPolicyPage } from '@market/shared';
import { StaticPageView } from '../components/static-page-view';

/** /privacy-policy. Copy: packages/shared/src/content/privacy-policy.ts (the server renders the same content). */
export default function PrivacyPolicyRoute() {
  return <StaticPageView page={privacyPolicyPage} />;
}
