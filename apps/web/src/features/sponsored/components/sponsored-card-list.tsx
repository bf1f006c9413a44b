import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SponsoredCategory } from '@market/shared';
import { CardList, CardListRow, CardListSkeleton } from '@/components/ui/card-list';
import type { SponsoredHeadline } from '../api/get-sponsored-headlines';
import { categoryLabels } from '../utils/categories';
import { HeadlineDetails } from './headline-details';

interface SponsoredCardListProps {
  category: SponsoredCategory;
  title: string;
  /** When set, the title links there (the category's own page). */
  titleHref?: string;
  headlines: SponsoredHeadline[] | undefined;
  pending: boolean;
  error: string | null;
  onRetry: () => void;
}

/** One card list of a category's running headlines; every row links to the domain's landing page. */
export function SponsoredCardList({ category, title, titleHref, headlines, pending, error, onRetry }: SponsoredCardListProps) {
  const headingId = useId();
  return (
    <CardList
      headingId={headingId}
      title={title}
      titleHref={titleHref}
      testId={`sponsored-list-${category}`}
      count={headlines ? `${headlines.length} ${headlines.length === 1 ? 'domain' : 'domains'}` : undefined}
    >
      {error ? (
        <Box sx={{ p: 2 }}>
          <Typography color="error" sx={{ mb: 1 }}>
            {error}
          </Typography>
          <Button size="small" variant="outlined" onClick={onRetry}>
            Try again
          </Button>
        </Box>
      ) : pending || !headlines ? (
        <CardListSkeleton />
      ) : headlines.length === 0 ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            No sponsored {categoryLabels[category]} headlines right now.
          </Typography>
          <Link href="/order-sponsored-headlines">Sponsor your domains</Link>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {headlines.map((headline) => (
            <CardListRow key={headline.id} domainId={headline.domain_obj.id} domainName={headline.domain_obj.domain_name} minHeight={52}>
              <HeadlineDetails headline={headline} />
            </CardListRow>
          ))}
        </Box>
      )}
    </CardList>
  );
}
