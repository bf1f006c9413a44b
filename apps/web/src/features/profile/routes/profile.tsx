import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container';
import { useDomains } from '@/features/portfolio';
import { useLeadSummary } from '@/features/stable';
import { QueryError } from '@/components/ui/query-error';
import { usePageMeta } from '@/hooks/use-page-meta';
import { MyVideoPitchBox } from '@/features/video-pitch';
import { useAuthSnapshot } from '@/lib/auth-store';
import { DomainGroupCard } from '../components/domain-group-card';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { MyProjectsBox } from '../components/my-projects-box';
import { ProfileHeader } from '../components/profile-header';
import { buyerLeadRows } from '@/features/stable';
import { domainGroupOrder, groupDomains } from '../utils/group-domains';

const twoColumns = { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' };

/** /profile (signed in): who you are, your domains by category, your projects and pitches. */
export default function ProfileRoute() {
  usePageMeta({ title: 'Profile', description: 'Your Domain Market profile: your details, your domains by category, your projects and your video pitches.' });
  const { user } = useAuthSnapshot();
  const [editing, setEditing] = useState(false);
  const domains = useDomains();
  const summary = useLeadSummary();
  const groups = useMemo(() => groupDomains(domains.data?.domains ?? []), [domains.data]);
  const projects = useMemo(() => (summary.data ? buyerLeadRows(summary.data) : undefined), [summary.data]);

  // RequireAuth guarantees a session; the stored user may still be on its way after a login.
  if (!user) {
    return (
      <PageContainer>
        <Skeleton variant="rounded" height={120} />
      </PageContainer>
    );
  }

  return (
    <PageContainer sx={{ display: 'grid', gap: { xs: 3, md: 4 } }}>
      <ProfileHeader user={user} onEdit={() => setEditing(true)} />
      <EditProfileDialog user={user} open={editing} onClose={() => setEditing(false)} />

      <Box component="section" aria-labelledby="profile-domains">
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography id="profile-domains" variant="h5" component="h2">
            My domains
          </Typography>
          <Link href="/portfolio" underline="always">
            Manage your portfolio
          </Link>
        </Box>
        {domains.isPending ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {domainGroupOrder.map((g) => (
              <Skeleton key={g.key} variant="rounded" height={160} />
            ))}
          </Box>
        ) : domains.isError ? (
          <QueryError error={domains.error} onRetry={() => void domains.refetch()} />
        ) : (
          <>
            {domains.data.domains.length === 0 ? (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                You have no domains yet.{' '}
                <Link href="/add_domains" underline="always">
                  Add your domains
                </Link>{' '}
                and choose how each one is sold.
              </Typography>
            ) : null}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
              {domainGroupOrder.map((g) => (
                <DomainGroupCard key={g.key} group={g.key} title={g.title} domains={groups[g.key]} />
              ))}
            </Box>
          </>
        )}
      </Box>

      <Box sx={{ display: 'grid', gap: { xs: 3, md: 2 }, gridTemplateColumns: twoColumns, alignItems: 'start' }}>
        <MyProjectsBox
          projects={projects}
          pending={summary.isPending}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
        <MyVideoPitchBox />
      </Box>
    </PageContainer>
  );
}
