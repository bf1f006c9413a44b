import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { sponsoredPages } from '@market/shared';
import { Navigate, useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSponsoredHeadlines } from '../api/get-sponsored-headlines';
import { SponsoredCardList } from '../components/sponsored-card-list';
import { categoryLabels, isSponsoredPage, publicCategoryOrder, sponsoredPagePath } from '../utils/categories';
import { errorText } from '@/lib/error-text';

/**
 * /sponsored/{page}: domain-trade, buy-now or startup-breeders (public, no sign-in check). One
 * card list of that category's running headlines; Buy Now rows carry a Checkout button.
 */
export default function SponsoredRoute() {
  const { page } = useParams();
  // Any other page name is an unknown path, and unknown paths show home.
  if (!isSponsoredPage(page)) return <Navigate to="/" replace />;
  return <SponsoredPage category={sponsoredPages[page]} />;
}

function SponsoredPage({ category }: { category: (typeof sponsoredPages)[keyof typeof sponsoredPages] }) {
  const label = categoryLabels[category];
  const title = `Sponsored: ${label}`;
  useDocumentTitle(title);
  const headlines = useSponsoredHeadlines();
  const others = publicCategoryOrder.filter((c) => c !== category);

  return (
    <PageContainer sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {category === 'Buy Now'
          ? 'Domains you can buy straight away at their listed price.'
          : category === 'Trade Domains'
            ? 'Domains their owners offer for trade, by 3, 4 or 5 figure value.'
            : 'Domains whose owners want to build a startup with you: pitch your idea.'}
      </Typography>
      <SponsoredCardList
        category={category}
        title={`${label} headlines`}
        headlines={headlines.data?.[category]}
        pending={headlines.isPending}
        error={headlines.isError ? errorText(headlines.error) : null}
        onRetry={() => void headlines.refetch()}
      />
      <Box component="nav" aria-label="Other sponsored pages" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        {others.map((other) => (
          <Link key={other} href={sponsoredPagePath(other)}>
            Sponsored: {categoryLabels[other]}
          </Link>
        ))}
        <Link href="/sponsored-headlines">All sponsored headlines</Link>
        <Link href="/order-sponsored-headlines">Order sponsored headlines</Link>
      </Box>
    </PageContainer>
  );
}
