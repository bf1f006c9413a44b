import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { FREELANCER_PAGE_SIZE } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedCards } from '@/components/ui/paged-cards';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useQueryParams } from '@/hooks/use-query-params';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useFreelancers } from '../api/get-freelancers';
import { DirectoryFilters } from '../components/directory-filters';
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
  const [params, change] = useQueryParams();
  const query = useMemo(() => directoryQueryFrom(params), [params]);
  const directory = useFreelancers(query);

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
      <PagedCards
        query={directory}
        noun={{ one: 'freelancer', many: 'freelancers' }}
        countTestId="freelancer-count"
        loadingLabel="Loading freelancers"
        loadError="The directory could not be loaded."
        empty="No freelancer matches these filters. Clear a filter or search for something else."
        skeletons={{ count: 3, height: 220 }}
        grid={grid}
        pageSize={FREELANCER_PAGE_SIZE}
        page={query.page}
        onPage={(page) => change({ page: page > 1 ? String(page) : undefined })}
        itemKey={(f) => f.id}
        renderItem={(f) => <FreelancerCard freelancer={f} />}
      />
    </PageContainer>
  );
}
