import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDollarsWithCents } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSponsoredHeadlines } from '../api/get-sponsored-headlines';
import { SponsoredCardList } from '../components/sponsored-card-list';
import { categoryLabels, cheapestUnitPrice, publicCategoryOrder, sponsoredPagePath } from '../utils/categories';
import { errorText } from '@/lib/error-text';

/** /sponsored-headlines (public): the running headlines of all three categories. */
export default function SponsoredHeadlinesRoute() {
  useDocumentTitle('Sponsored Headlines');
  const headlines = useSponsoredHeadlines();
  return (
    <PageContainer>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box>
          <Typography variant="h4" component="h1" gutterBottom>
            Sponsored Headlines
          </Typography>
          <Typography color="text.secondary">Featured domains for trade, to buy now and for startup breeders.</Typography>
        </Box>
        <Button href="/order-sponsored-headlines" variant="outlined" sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}>
          Sponsor your domains from {formatDollarsWithCents(cheapestUnitPrice)}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {publicCategoryOrder.map((category) => (
          <SponsoredCardList
            key={category}
            category={category}
            title={categoryLabels[category]}
            titleHref={sponsoredPagePath(category)}
            headlines={headlines.data?.[category]}
            pending={headlines.isPending}
            error={headlines.isError ? errorText(headlines.error) : null}
            onRetry={() => void headlines.refetch()}
          />
        ))}
      </Box>
    </PageContainer>
  );
}
