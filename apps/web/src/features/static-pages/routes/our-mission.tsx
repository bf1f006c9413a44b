import { ourMissionPage } from '@market/shared';
import { StaticPageView } from '../components/static-page-view';

/** /our-mission. Copy: packages/shared/src/content/our-mission.ts (the server renders the same content). */
export default function OurMissionRoute() {
  return <StaticPageView page={ourMissionPage} />;
}
