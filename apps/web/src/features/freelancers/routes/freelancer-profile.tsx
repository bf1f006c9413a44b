import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useMyFreelancerProfile } from '../api/get-my-freelancer-profile';
import { ProfileEditor } from '../components/profile-editor';

/** /freelancer-profile (signed in): the user's own freelancer profile, edited and published. */
export default function FreelancerProfileRoute() {
  usePageMeta({ title: 'Your freelancer profile', description: 'Edit and publish your freelancer profile.' });
  const { data, error, isError, refetch } = useMyFreelancerProfile();
  return (
    <PageContainer sx={{ maxWidth: 960 }}>
      <PageHeading
        title="Your freelancer profile"
        subtitle={
          data?.published
            ? 'Your profile is public: clients find it in the freelancer directory.'
            : 'Fill in your profile and publish it to appear in the freelancer directory.'
        }
        actions={
          data?.published ? (
            <Button component="a" variant="outlined" href={`/freelancers/${data.id}`}>
              View public profile
            </Button>
          ) : null
        }
      />
      {isError ? <QueryError error={error} onRetry={() => void refetch()} what="Your profile could not be loaded." /> : null}
      {data ? (
        <>
          {data.badges.length > 0 ? (
            <Alert severity="success" sx={{ mb: 3 }}>
              Passed tests: {data.badges.map((b) => b.name).join(', ')}. Badges are awarded by the marketplace after a test.
            </Alert>
          ) : null}
          {/* Keyed by what the server holds, so a save that changed it starts the form from its answer. */}
          <ProfileEditor key={data.exists ? 'saved' : 'new'} profile={data} />
        </>
      ) : isError ? null : (
        <Skeleton variant="rounded" height={480} aria-label="Loading your profile" />
      )}
    </PageContainer>
  );
}
