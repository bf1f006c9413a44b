import { Navigate, useParams } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** The three sponsored listing pages (spec section 2); column names of the home table. */
export const sponsoredPages = {
  'domain-trade': 'Domain Trade',
  'buy-now': 'Buy Now',
  'startup-breeders': 'Startup Breeders',
} as const;

function isSponsoredPage(page: string | undefined): page is keyof typeof sponsoredPages {
  return page !== undefined && Object.hasOwn(sponsoredPages, page);
}

export default function SponsoredRoute() {
  const { page } = useParams();
  // Any other page name is an unknown path, and unknown paths show home.
  if (!isSponsoredPage(page)) return <Navigate to="/" replace />;
  return <PagePlaceholder title={`Sponsored: ${sponsoredPages[page]}`} />;
}
