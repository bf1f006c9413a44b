
import Box from '@mui/material/Box';

import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useVideoPitches } from '../api/get-video-pitches';
import { MY_VIDEO_PITCH_BOX_ROWS } from '../constants';
import { QueryError } from '@/components/ui/query-error';
import { PitchStatusChip, roleLabel } from './pitch-status-chip';
import { formatDate } from '@/utils/format';

/**
 * The profile's My Video Pitch box: the viewer's most recent pitches, sent or
 * received, with their state, and a way to the full list. Needs no props: it loads its own data
 * (the same cache as the Video Pitch tab's "All projects").
 */
export function MyVideoPitchBox() {
  const headingId = useId();
  const pitches = useVideoPitches('all');
  const recent = pitches.data?.slice(0, MY_VIDEO_PITCH_BOX_ROWS) ?? [];
  const more = (pitches.data?.length ?? 0) - recent.length;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }} data-testid="my-video-pitch-box">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          My Video Pitch
        </Typography>
        <Link href="/video-pitch" underline="always">
          View all video pitches
        </Link>
      </Box>

      {pitches.isPending ? (
        <Box aria-label="Loading video pitches" role="status">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Box>
      ) : pitches.isError ? (
        <QueryError error={pitches.error} onRetry={() => void pitches.refetch()} />
      ) : recent.length === 0 ? (
        <Typography color="text.secondary">
          No video pitches yet.{' '}
          <Link href="/homeSearch" underline="always">
            Find a domain and send its owner a pitch
          </Link>
          .
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {recent.map((pitch) => (
              <Box
                component="li"
                key={pitch.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 2,
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{pitch.domain_name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {pitch.file_name} · {roleLabel(pitch.role)} · {formatDate(pitch.created_at)}
                  </Typography>
                </Box>
                <Box sx={{ flexShrink: 0 }}>
                  <PitchStatusChip status={pitch.status} label={pitch.status_label} />
                </Box>
              </Box>
            ))}
          </Box>
          {more > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              and {more} more.
            </Typography>
          ) : null}
        </>
      )}
    </Paper>
  );
}
