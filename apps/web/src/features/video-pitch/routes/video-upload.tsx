import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { publicName, videoMessages } from '@market/shared';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useVideoDomain } from '../api/get-video-domain';
import { VideoUploadForm } from '../components/video-upload-form';
import { videoPitchText } from '../constants';
import { QueryError } from '@/components/ui/query-error';

function parseId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

function NotFound() {
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {videoPitchText.domainNotFound}{' '}
      <Link href="/homeSearch" underline="always" sx={{ color: 'inherit', fontWeight: 600 }}>
        Search domains
      </Link>{' '}
      to find another one to pitch.
    </Alert>
  );
}

/** /video_upload/{domain id}: send the domain's owner a short video pitch. */
export default function VideoUploadRoute() {
  useDocumentTitle('Upload Video Pitch');
  const id = parseId(useParams().id);
  const domain = useVideoDomain(id);
  const me = useAuthSnapshot().user;

  return (
    <PageContainer sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Upload Video Pitch
      </Typography>
      {id === undefined || (domain.isError && isApiError(domain.error) && domain.error.status === 404) ? (
        <NotFound />
      ) : domain.isError ? (
        <QueryError error={domain.error} onRetry={() => void domain.refetch()} />
      ) : domain.isPending ? (
        <Skeleton variant="rounded" height={260} aria-label="Loading the domain" />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Tell the owner of this domain what you would build with it. They watch your video and accept or decline
            it; you see their answer under Video Pitch.
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="overline" color="text.secondary" component="p">
              Domain
            </Typography>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="upload-domain">
              {domain.data.domain_name}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5, mb: 3 }}>
              {domain.data.user && domain.data.user.id !== me?.id ? (
                <Typography color="text.secondary">
                  Owner: {publicName(domain.data.user).trim() || 'the seller'}
                </Typography>
              ) : null}
              <Link href={`/landing/${domain.data.id}`}>View the domain page</Link>
            </Box>
            {domain.data.user?.id === me?.id ? (
              <Alert severity="info">
                {videoMessages.ownDomain} Founders&apos; pitches to it are under{' '}
                <Link href="/video-pitch" underline="always" sx={{ color: 'inherit', fontWeight: 600 }}>
                  Video Pitch
                </Link>
                .
              </Alert>
            ) : (
              <VideoUploadForm domainId={domain.data.id} domainName={domain.data.domain_name} />
            )}
          </Paper>
        </>
      )}
    </PageContainer>
  );
}
