import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRecentlyViewed } from '@/features/portfolio';
import { PageHeading } from '@/components/ui/page-heading';
import { RecentlyViewedTable } from '../components/recently-viewed-table';

/** /recently-viewed-domains: the landing pages the signed-in user opened, newest first. */
export default function RecentlyViewedDomainsRoute() {
  useDocumentTitle('Recently Viewed Domains');
  const { data, isError } = useRecentlyViewed();
  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <PageHeading title="Recently Viewed" subtitle="Domains whose landing pages you opened lately, newest first." />
      {isError ? (
        <Alert severity="error">Your recently viewed domains could not be loaded.</Alert>
      ) : data ? (
        <RecentlyViewedTable domains={data} />
      ) : (
        <Skeleton variant="rounded" height={200} aria-label="Loading" />
      )}
    </PageContainer>
  );
}
