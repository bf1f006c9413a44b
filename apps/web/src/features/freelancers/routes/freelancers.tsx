import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FREELANCER_PAGE_SIZE } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useFreelancers } from '../api/get-freelancers';
import { type DirectoryChange, DirectoryFilters } from '../components/directory-filters';
import { FreelancerCard } from '../components/freelancer-card';
import { directoryQueryFrom } from '../utils/directory-params';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } };

/** /freelancers (public): the directory, searched, filtered, sorted and paged through the address. */
export default function FreelancersRoute() {
  usePageMeta({
    title: 'Freelancers',
    description: 'Find domain consultants and freelancers by skill, passed-test badge, certification, rate, language and country.',
  });
  const { isAuthenticated } = useAuthSnapshot();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => directoryQueryFrom(params), [params]);
  const { data, error, isError, isPending, isPlaceholderData, refetch } = useFreelancers(query);

  const change = (update: DirectoryChange & { page?: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(update)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in update)) next.delete('page');
        return next;
      },
      { replace: !('page' in update) },
    );

  const pages = data ? Math.max(1, Math.ceil(data.count / FREELANCER_PAGE_SIZE)) : 1;
  return (
    <PageContainer>
      <PageHeading
        title="Freelancers"
        subtitle="Consultants and freelancers with passed-test badges and certifications, for valuations, negotiations, launches and more."
        actions={
          <Button variant="outlined" href={isAuthenticated ? '/freelancer-profile' : '/register'}>
            {isAuthenticated ? 'Your freelancer profile' : 'Join as a freelancer'}
          </Button>
        }
      />
      <DirectoryFilters query={query} onChange={change} />
      {isError ? <QueryError error={error} onRetry={() => void refetch()} what="The directory could not be loaded." /> : null}
      {isPending ? (
        <Box sx={grid} aria-busy="true" aria-label="Loading freelancers">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : null}
      {data ? (
        <Box aria-busy={isPlaceholderData}>
          <Typography role="status" sx={{ mb: 2 }} data-testid="freelancer-count">
            {data.count === 1 && !data.more ? '1 freelancer' : `${data.count.toLocaleString('en-US')}${data.more ? '+' : ''} freelancers`}
          </Typography>
          {data.results.length === 0 ? (
            <Alert severity="info">No freelancer matches these filters. Clear a filter or search for something else.</Alert>
          ) : (
            <Box component="ul" sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }}>
              {data.results.map((f) => (
                <li key={f.id}>
                  <FreelancerCard freelancer={f} />
                </li>
              ))}
            </Box>
          )}
          {pages > 1 ? (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={Math.min(query.page ?? 1, pages)}
              onChange={(_event, page) => change({ page: page > 1 ? String(page) : undefined })}
              getItemAriaLabel={(type, page) => (type === 'page' ? `Page ${page}` : `Go to ${type} page`)}
            />
          ) : null}
        </Box>
      ) : null}
    </PageContainer>
  );
}
