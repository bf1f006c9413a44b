/**
 * Page content (home showcase and the static marketing and legal pages) as plain data, shared
 * by the web app and the server-side renderer.
 */
import { aboutUsPage } from './about-us.js';
import { buildYourDreamPage } from './build-your-dream.js';
import { howItWorksPage } from './how-it-works.js';
import { ourMissionPage } from './our-mission.js';
import { privacyPolicyPage } from './privacy-policy.js';
import { termsAndConditionsPage } from './terms-and-conditions.js';
import type { StaticPageContent } from './types.js';

export type { ContentLink, ContentSection, StaticPageContent } from './types.js';
export { contentPercent, contentUsd } from './format.js';
export { marketplaceFacts } from './facts.js';
export { footerLinks, siteBrand, siteNavigation, siteTheme } from './site.js';
export { homeContent, HOME_RATING_SCALE, type HomeBadge, type HomeCertification, type HomeContent } from './home.js';
export { aboutUsPage, buildYourDreamPage, howItWorksPage, ourMissionPage, privacyPolicyPage, termsAndConditionsPage };
export { termsFacts } from './terms-and-conditions.js';
export { contactContent } from './contact.js';

/** Every static page, in footer order; the server can render each one at its `path`. */
export const staticPages: readonly StaticPageContent[] = [
  howItWorksPage,
  buildYourDreamPage,
  aboutUsPage,
  ourMissionPage,
  privacyPolicyPage,
  termsAndConditionsPage,
];

export function staticPageByPath(path: string): StaticPageContent | undefined {
  return staticPages.find((page) => page.path === path);
}
