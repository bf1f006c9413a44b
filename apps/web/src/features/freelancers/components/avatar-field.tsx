import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ALLOWED_AVATAR_TYPES, type FreelancerOwn } from '@market/shared';
import { errorText } from '@/lib/error-text';
import { AvatarFileError, useFreelancerAvatar } from '../api/upload-freelancer-avatar';
import { FreelancerAvatar } from './freelancer-avatar';

/** The profile picture: chosen from a file (PNG, JPEG or WebP up to 1 MB), replaced or removed. */
export function AvatarField({ profile }: { profile: FreelancerOwn }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useFreelancerAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <FreelancerAvatar name={profile.name} url={profile.avatar_url} size={88} />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={ALLOWED_AVATAR_TYPES.join(',')}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setProblem(null);
              upload.mutate(file, { onError: (error) => setProblem(error instanceof AvatarFileError ? error.message : errorText(error)) });
            }}
          />
          <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
            {profile.avatar_url ? 'Replace picture' : 'Add a picture'}
          </Button>
          {profile.avatar_url ? (
            <Button color="inherit" disabled={busy} onClick={() => remove.mutate(undefined, { onError: (error) => setProblem(errorText(error)) })}>
              Remove picture
            </Button>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {upload.isPending ? 'Uploading…' : 'PNG, JPEG or WebP, up to 1 MB.'}
        </Typography>
        {problem ? (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
