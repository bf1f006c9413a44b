import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { VideoPitch } from '../api/get-video-pitches';
import type { ReviewAction } from '../api/review-video-pitch';
import { formatBytes } from '../utils/video-file';
import { PitchStatusChip, roleLabel } from './pitch-status-chip';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { formatDate, formatDateTime } from '@/utils/format';

const columns = ['Domain', 'Video', 'From / to', 'Status', 'Date', 'Actions'] as const;

export interface PitchActions {
  onPlay: (pitch: VideoPitch) => void;
  onReview: (pitch: VideoPitch, action: ReviewAction) => void;
  onDelete: (pitch: VideoPitch) => void;
  /** The pitch whose review or delete is on its way (its buttons wait). */
  busyId?: number | null;
}

/** The owner's answer is open (the server's allowed_actions): once given, its buttons go. */
export function canReview(pitch: VideoPitch): boolean {
  return pitch.allowed_actions.includes('approve') || pitch.allowed_actions.includes('deny');
}

export function canDelete(pitch: VideoPitch): boolean {
  return pitch.allowed_actions.includes('delete');
}

/** The domain owner's answer to a pitch: accept it (approve) or decline it (deny). */
export function ReviewButtons({ pitch, onReview, busy }: { pitch: VideoPitch; onReview: PitchActions['onReview']; busy: boolean }) {
  return (
    <>
      {pitch.allowed_actions.includes('approve') ? (
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          disabled={busy}
          onClick={() => onReview(pitch, 'approve')}
          aria-label={`Accept ${pitch.file_name} for ${pitch.domain_name}`}
          sx={{ bgcolor: 'success.dark' }}
        >
          Accept
        </Button>
      ) : null}
      {pitch.allowed_actions.includes('deny') ? (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          disabled={busy}
          onClick={() => onReview(pitch, 'deny')}
          aria-label={`Decline ${pitch.file_name} for ${pitch.domain_name}`}
          sx={{ color: 'error.dark', borderColor: 'error.dark' }}
        >
          Decline
        </Button>
      ) : null}
    </>
  );
}

/**
 * Pitches the viewer sent and pitches about the viewer's domains, newest first. Below 600 px every
 * row becomes a labelled card. Accept and Decline only for the domain's seller while the pitch
 * waits for them; Delete only for the uploader; Play for anything not deleted.
 */
export function VideoPitchTable({ pitches, onPlay, onReview, onDelete, busyId }: { pitches: VideoPitch[] } & PitchActions) {
  return (
    <Paper variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label="Video pitches" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pitches.map((pitch) => {
              const busy = busyId === pitch.id;
              return (
                <TableRow key={pitch.id} data-testid="pitch-row">
                  <TableCell data-label={columns[0]} component="th" scope="row">
                    <Link href={`/landing/${pitch.domain_id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {pitch.domain_name}
                    </Link>
                  </TableCell>
                  <TableCell data-label={columns[1]}>
                    {/* One child: on small screens the cell is a flex row of label and value. */}
                    <Box sx={{ minWidth: 0 }}>
                      <Box sx={{ overflowWrap: 'anywhere' }}>{pitch.file_name}</Box>
                      <Typography variant="body2" color="text.secondary">
                        {formatBytes(pitch.size)}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell data-label={columns[2]} sx={{ whiteSpace: 'nowrap' }}>
                    {roleLabel(pitch.role)}
                  </TableCell>
                  <TableCell data-label={columns[3]}>
                    <Box>
                      <PitchStatusChip status={pitch.status} label={pitch.status_label} />
                      {pitch.reviewed_at && pitch.status !== 'undecided' ? (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                          Answered {formatDate(pitch.reviewed_at)}
                        </Typography>
                      ) : null}
                    </Box>
                  </TableCell>
                  <TableCell data-label={columns[4]}>{formatDateTime(pitch.created_at)}</TableCell>
                  <TableCell data-label={columns[5]}>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
                      {pitch.status !== 'deleted' ? (
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<PlayArrowIcon />}
                          onClick={() => onPlay(pitch)}
                          aria-label={`Play ${pitch.file_name} for ${pitch.domain_name}`}
                        >
                          Play
                        </Button>
                      ) : null}
                      {canReview(pitch) ? <ReviewButtons pitch={pitch} onReview={onReview} busy={busy} /> : null}
                      {canDelete(pitch) ? (
                        <Button
                          size="small"
                          color="error"
                          startIcon={<DeleteOutlineIcon />}
                          disabled={busy}
                          onClick={() => onDelete(pitch)}
                          aria-label={`Delete ${pitch.file_name} for ${pitch.domain_name}`}
                          sx={{ color: 'error.dark' }}
                        >
                          Delete
                        </Button>
                      ) : null}
                      {pitch.status === 'deleted' ? (
                        <Typography variant="body2" color="text.secondary">
                          No actions
                        </Typography>
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
