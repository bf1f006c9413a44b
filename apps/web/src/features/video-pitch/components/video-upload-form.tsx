import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import { videoMessages } from '@market/shared';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { videoPitchText } from '../constants';
import { isAbort, type UploadPhase, useUploadVideo, VideoUploadError } from '../hooks/use-upload-video';
import { serverMessage } from '@/lib/error-text';
import { checkVideoFile, formatBytes, VIDEO_FILE_ACCEPT } from '../utils/video-file';

/** Where the user goes after a recorded upload. */
export const AFTER_UPLOAD_PATH = '/video_pitch';

interface Chosen {
  file: File;
  contentType: string;
}

function phaseText(phase: UploadPhase, progress: number | null): string {
  if (phase === 'preparing') return 'Preparing the upload…';
  if (phase === 'uploading') return progress === null ? 'Uploading…' : `Uploading… ${Math.round(progress * 100)}%`;
  return 'Saving your pitch…';
}

/**
 * Picks one video, checks it in the browser (2 MB cap with the file name, type, empty), then runs
 * the three-step upload with a progress bar. The toasts (videoMessages): 'Failed to upload this video
 * file.' when storage does not answer 204 (or the upload cannot start), 'Fail!' when recording
 * fails, 'Success!' then /video_pitch.
 */
export function VideoUploadForm({ domainId, domainName }: { domainId: number; domainName: string }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const errorId = useId();
  const statusId = useId();
  const navigate = useNavigate();
  const { upload, isPending, phase, progress, cancel, canCancel } = useUploadVideo();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    // Checked the moment it is chosen: a refused file is never kept, so it can never be sent.
    const check = checkVideoFile(file);
    if (check.ok) {
      setChosen({ file, contentType: check.contentType });
      setProblem(null);
    } else {
      setChosen(null);
      setProblem(check.problem);
    }
  };

  const clearFile = () => {
    setChosen(null);
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (!chosen) {
      setProblem(videoPitchText.noFile);
      return;
    }
    setProblem(null);
    upload(
      { domainId, file: chosen.file, contentType: chosen.contentType },
      {
        onSuccess: () => {
          toast.success(videoMessages.success, `Your video pitch for ${domainName} was sent.`);
          void navigate(AFTER_UPLOAD_PATH);
        },
        onError: (error) => {
          if (isAbort(error)) {
            toast.info('Upload cancelled.');
            return;
          }
          const step = error instanceof VideoUploadError ? error.step : 'record';
          const cause = error instanceof VideoUploadError ? error.cause : error;
          if (step === 'record') {
            toast.error(videoMessages.recordFailed, serverMessage(cause));
            return;
          }
          // The server refuses the file itself (too large, not a video): say so next to it as well.
          const fileMessage = isApiError(cause) ? cause.firstError('file', 'content_type') : undefined;
          if (fileMessage) setProblem(fileMessage);
          toast.error(videoMessages.storageFailed, step === 'policy' ? serverMessage(cause) : undefined);
        },
      },
    );
  };

  const describedBy = [helpId, problem ? errorId : null].filter(Boolean).join(' ');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Upload video pitch">
      <input
        ref={input}
        type="file"
        hidden
        accept={VIDEO_FILE_ACCEPT}
        aria-label="Video file"
        aria-describedby={describedBy}
        onChange={onFile}
        disabled={isPending}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={<VideoFileIcon />}
          onClick={() => input.current?.click()}
          aria-describedby={describedBy}
          disabled={isPending}
          sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
        >
          Choose video
        </Button>
        {chosen ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="chosen-video">
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {chosen.file.name}{' '}
              <Typography component="span" color="text.secondary" variant="body2">
                ({formatBytes(chosen.file.size)})
              </Typography>
            </Typography>
            {isPending ? null : (
              <IconButton size="small" aria-label={`Remove ${chosen.file.name}`} onClick={clearFile}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">No video chosen</Typography>
        )}
      </Stack>
      <FormHelperText id={helpId}>{videoPitchText.chooseHint}</FormHelperText>
      {problem ? (
        <FormHelperText id={errorId} error role="alert" sx={{ fontSize: '0.875rem', overflowWrap: 'anywhere' }} data-testid="video-file-error">
          {problem}
        </FormHelperText>
      ) : null}

      {isPending ? (
        <Box sx={{ mt: 3 }}>
          <Typography id={statusId} role="status" aria-live="polite" variant="body2" sx={{ mb: 1 }}>
            {phaseText(phase, progress)}
          </Typography>
          <LinearProgress
            aria-labelledby={statusId}
            variant={phase === 'uploading' && progress !== null ? 'determinate' : 'indeterminate'}
            value={Math.round((progress ?? 0) * 100)}
            data-testid="upload-progress"
          />
        </Box>
      ) : null}

      <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" size="large" disabled={isPending} sx={{ minWidth: 180 }}>
          {isPending ? 'Uploading…' : 'Upload video'}
        </Button>
        {isPending && canCancel ? (
          <Button size="large" onClick={cancel}>
            Cancel upload
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
