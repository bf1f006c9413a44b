import Box from '@mui/material/Box';
import { homeContent } from '@market/shared';
import { MARKETING_WIDTH } from '@/components/ui/page-container';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useLocation } from 'react-router';
import { AboutSection } from '../components/about-section';
import { BadgeList } from '../components/badge-list';
import { CertificationSlider } from '../components/certification-slider';
import { ConsultantCard } from '../components/consultant-card';
import { HomeHero } from '../components/home-hero';
import { IntroAnimation } from '../components/intro-animation';
import { SponsoredSection } from '../components/sponsored-section';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { useFreelancerShowcase } from '@/features/freelancers';

const SECTION_IDS = [
  homeContent.about.id,
  homeContent.badges.id,
  homeContent.certifications.id,
  homeContent.consultant.id,
  homeContent.sponsored.id,
] as const;

/**
 * Home (/): the freelancer showcase. All copy lives in
 * packages/shared/src/content/home.ts; this page only lays it out, with the real holders of each
 * badge and certification and the best-rated certified consultant from GET /api/freelancers/showcase/.
 */
export default function HomeRoute() {
  // The home page keeps the bare site name as its title.
  usePageMeta({ description: homeContent.metaDescription });
  const { hash } = useLocation();
  useScrollToHash(SECTION_IDS);
  // Real freelancers when the network has them; the content file's copy stands in until then.
  const showcase = useFreelancerShowcase().data;

  return (
    <>
      <IntroAnimation skip={hash.length > 1} />
      <HomeHero />
      <Box sx={{ maxWidth: MARKETING_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 5, md: 8 }, display: 'grid', gap: { xs: 6, md: 9 } }}>
        <AboutSection />
        <BadgeList holders={showcase?.badges} />
        <Box sx={{ display: 'grid', gap: { xs: 6, md: 4 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' }, alignItems: 'start' }}>
          <CertificationSlider holders={showcase?.certifications} />
          <ConsultantCard consultant={showcase?.consultant} />
        </Box>
        <SponsoredSection />
      </Box>
    </>
  );
}
