import { aboutUsPage } from '@market/shared';
import { StaticPageView } from '../components/static-page-view';

/** /about-us. Copy: packages/shared/src/content/about-us.ts (the server renders the same content). */
export default function AboutUsRoute() {
  return <StaticPageView page={aboutUsPage} />;
}
