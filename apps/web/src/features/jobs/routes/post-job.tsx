import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { usePageMeta } from '@/hooks/use-page-meta';
import { JobForm } from '../components/job-form';

/** /jobs/new (signed in): a founder posts a project; posted, it opens the job's page. */
export default function PostJobRoute() {
  usePageMeta({ title: 'Post a project', description: 'Describe what you want built, your budget and deadline; freelancers apply with proposals.' });
  return (
    <PageContainer>
      <PageHeading title="Post a project" subtitle="Freelancers with a published profile apply with a price and a delivery time; you hire one." />
      <JobForm />
    </PageContainer>
  );
}
