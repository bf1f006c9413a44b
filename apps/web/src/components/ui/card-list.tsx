import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

interface CardListProps {
  /** Id of the heading, which names the section. */
  headingId: string;
  title: string;
  /** When set, the title links there. */
  titleHref?: string;
  /** Right of the title once known, e.g. "12 results". */
  count?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A card with a coloured title band over a list of domains (the /homeSearch and sponsored cards). */
export function CardList({ headingId, title, titleHref, count, testId, children }: CardListProps) {
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid={testId}
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
        {count ? (
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {count}
          </Typography>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
}

/** Placeholder rows while a card's list loads (hidden from assistive tech). */
export function CardListSkeleton() {
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1 }} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={36} />
      ))}
    </Box>
  );
}

/** One row: the domain's name linking to its landing page, and what to show on the right. */
export function CardListRow({ domainId, domainName, minHeight, children }: { domainId: number; domainName: string; minHeight?: number; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1,
        minHeight,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Link href={`/landing/${domainId}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
        {domainName}
      </Link>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>{children}</Box>
    </Box>
  );
}
