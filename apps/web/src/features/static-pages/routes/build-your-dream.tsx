import { buildYourDreamPage } from '@market/shared';
import { StaticPageView } from '../components/static-page-view';

/** /build-your-dream. Copy: packages/shared/src/content/build-your-dream.ts (the server renders the same content). */
export default function BuildYourDreamRoute() {
  return <StaticPageView page={buildYourDreamPage} />;
}
