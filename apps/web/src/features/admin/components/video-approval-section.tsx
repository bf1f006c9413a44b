import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { videoFilterChips, type VideoFilter, videoModerationLabels, type VideoModerationAction } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { type AdminVideo, useAdminVideos } from '../api/get-admin-videos';
import { useModerateVideo } from '../api/review-video';
import { failureMessage, videoStatusLabel } from '../utils/format';
import { EmptyRow, headRowSx, LoadingRows, QueryError, TableScroller } from './table-parts';
import { VideoPlayerDialog } from './video-player-dialog';
import { formatDateTime } from '@/utils/format';

const COLUMNS = 7;

/** Moderation only: whether the pitch may be shown. The domain's owner accepts or declines it. */
function ModerationButtons({ video }: { video: AdminVideo }) {
  const moderate = useModerateVideo();
  const run = (action: VideoModerationAction) =>
    moderate.mutate(
      { id: video.id, action },
      {
        onSuccess: () => toast.success(action === 'approve' ? 'Video pitch approved for showing' : 'Video pitch denied', video.domain_name),
        onError: (error) => toast.error('The moderation failed', failureMessage(error)),
      },
    );
  return (
    <>
      {video.allowed_actions.includes('approve') ? (
        <Button
          size="small"
          variant="contained"
          disabled={moderate.isPending}
          aria-label={`Approve the video pitch for ${video.domain_name}`}
          onClick={() => run('approve')}
          sx={{ bgcolor: 'success.dark', '&:hover': { bgcolor: 'success.main' } }}
        >
          Approve
        </Button>
      ) : null}
      {video.allowed_actions.includes('deny') ? (
        <Button
          size="small"
          variant="outlined"
          disabled={moderate.isPending}
          aria-label={`Deny the video pitch for ${video.domain_name}`}
          onClick={() => run('deny')}
          sx={{ color: 'error.dark', borderColor: 'error.dark' }}
        >
          Deny
        </Button>
      ) : null}
    </>
  );
}

/**
 * Video Pitch Approval: the filter chips (videoFilterChips, on the owner's answer), Play in a
 * modal, and moderation (Approve, Deny), shown apart from the owner's answer.
 */
export function VideoApprovalSection() {
  const [filter, setFilter] = useState<VideoFilter>('all');
  const [playing, setPlaying] = useState<AdminVideo | null>(null);
  const { data, error, isError, refetch } = useAdminVideos(filter);
  return (
    <>
      <Box role="group" aria-label="Filter video pitches" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {videoFilterChips.map((chip) => {
          const active = chip.filter === filter;
          return (
            <Chip
              key={chip.filter}
              label={chip.label}
              clickable
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              aria-pressed={active}
              onClick={() => setFilter(chip.filter)}
            />
          );
        })}
      </Box>
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <Paper variant="outlined">
        <TableScroller label="Video pitches">
          <Table size="small" aria-label="Video pitches" sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow sx={headRowSx}>
                <TableCell>Domain</TableCell>
                <TableCell>File</TableCell>
                <TableCell>Uploaded by</TableCell>
                <TableCell>Owner&apos;s answer</TableCell>
                <TableCell>Moderation</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data === undefined && !isError ? (
                <LoadingRows colSpan={COLUMNS} label="Loading video pitches" />
              ) : !data || data.length === 0 ? (
                <EmptyRow colSpan={COLUMNS} />
              ) : (
                data.map((video) => (
                  <TableRow key={video.id} hover data-testid={`video-row-${video.id}`}>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 140 }}>
                      <Link href={`/landing/${video.domain_id}`}>{video.domain_name}</Link>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{video.file_name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{video.uploader_email}</TableCell>
                    <TableCell>{videoStatusLabel(video.status)}</TableCell>
                    <TableCell>{videoModerationLabels[video.moderation]}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(video.created_at)}</TableCell>
                    <TableCell align="right">
                      <Box sx={{ display: 'inline-flex', gap: 1 }}>
                        <Button
                          size="small"
                          startIcon={<PlayArrowIcon />}
                          disabled={video.status === 'deleted'}
                          aria-label={`Play the video pitch for ${video.domain_name}`}
                          onClick={() => setPlaying(video)}
                        >
                          Play
                        </Button>
                        <ModerationButtons video={video} />
                      </Box>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableScroller>
      </Paper>
      {playing ? <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} /> : null}
    </>
  );
}
