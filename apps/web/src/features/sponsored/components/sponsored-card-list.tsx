import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SponsoredCategory } from '@market/shared';
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
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid={`sponsored-list-${category}`}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflow: 'hidden' }}
    >
      <Box
        sx={{
          px: 2,
          py: 1.5,
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {titleHref ? (
            <Link href={titleHref} color="inherit" underline="always">
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        {headlines ? (
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {headlines.length} {headlines.length === 1 ? 'domain' : 'domains'}
          </Typography>
        ) : null}
      </Box>
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
        <Box sx={{ p: 2, display: 'grid', gap: 1 }} aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={36} />
          ))}
        </Box>
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
            <Box
              component="li"
              key={headline.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                gap: 1,
                px: 2,
                py: 1,
                minHeight: 52,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Link href={`/landing/${headline.domain_obj.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
                {headline.domain_obj.domain_name}
              </Link>
              <Box sx={{ ml: 'auto' }}>
                <HeadlineDetails headline={headline} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
