import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';


import { useSearchParams } from 'react-router';
import { type VideoFilter, videoFilterChips } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type VideoPitch, useVideoPitches } from '../api/get-video-pitches';
import { type ReviewAction, useReviewVideoPitch } from '../api/review-video-pitch';
import { DeletePitchDialog } from '../components/delete-pitch-dialog';
import { EmptyPitches } from '../components/empty-pitches';
import { VideoFilterChips } from '../components/video-filter-chips';
import { VideoPitchTable } from '../components/video-pitch-table';
import { VideoPlayerDialog } from '../components/video-player-dialog';
import { videoPitchText } from '../constants';
import { QueryError } from '@/components/ui/query-error';
import { serverMessage } from '@/lib/error-text';

function readFilter(value: string | null): VideoFilter {
  return videoFilterChips.find((c) => c.filter === value)?.filter ?? 'all';
}

/**
 * /video-pitch and /video_pitch (My Stable tab): "Video pitch projects". The chips filter on the
 * server and live in the URL (?filter=undecided), so a filtered view can be linked and reloaded.
 */
export default function VideoPitchRoute() {
  useDocumentTitle('Video Pitch');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('filter'));
  const pitches = useVideoPitches(filter);
  const review = useReviewVideoPitch();
  const [playing, setPlaying] = useState<VideoPitch | null>(null);
  const [deleting, setDeleting] = useState<VideoPitch | null>(null);

  const setFilter = (next: VideoFilter) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'all') copy.delete('filter');
        else copy.set('filter', next);
        return copy;
      },
      { replace: true },
    );
  };

  const onReview = (pitch: VideoPitch, action: ReviewAction) => {
    review.mutate(
      { id: pitch.id, action },
      {
        onSuccess: (updated) => {
          toast.success(action === 'approve' ? videoPitchText.approved : videoPitchText.denied, `${updated.file_name} for ${updated.domain_name}`);
          // The open player shows the new state too.
          setPlaying((open) => (open?.id === updated.id ? updated : open));
        },
        onError: (error) => toast.error(videoPitchText.reviewFailed, serverMessage(error)),
      },
    );
  };

  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Video Pitch
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pitches you sent to domain owners, and pitches others sent about your domains. Watch a pitch, then accept or
        decline the ones about your domains.
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Video pitch projects
      </Typography>
      <VideoFilterChips value={filter} onChange={setFilter} />
      {pitches.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading video pitches" />
        </Box>
      ) : pitches.isError ? (
        <QueryError error={pitches.error} onRetry={() => void pitches.refetch()} />
      ) : (
        <Box aria-busy={pitches.isPlaceholderData} sx={{ opacity: pitches.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {pitches.data.length === 0 ? (
            <EmptyPitches filter={filter} />
          ) : (
            <VideoPitchTable
              pitches={pitches.data}
              onPlay={setPlaying}
              onReview={onReview}
              onDelete={setDeleting}
              busyId={review.isPending ? review.variables.id : null}
            />
          )}
        </Box>
      )}
      <VideoPlayerDialog
        pitch={playing}
        onClose={() => setPlaying(null)}
        onReview={onReview}
        reviewing={review.isPending && review.variables.id === playing?.id}
      />
      <DeletePitchDialog pitch={deleting} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
