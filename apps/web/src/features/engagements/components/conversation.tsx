import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { ALLOWED_ATTACHMENT_TYPES, type Engagement, engagementMessages as em, MAX_ATTACHMENT_BYTES, MAX_MESSAGE_LENGTH } from '@market/shared';
import { formatDateTime } from '@/utils/format';
import { useMessages } from '../api/get-messages';
import { usePostMessage } from '../api/post-message';
import { StepFailure } from './step-failure';

/** The two parties' conversation; contact details stay hidden until a milestone is funded. */
export function Conversation({ engagement }: { engagement: Engagement }) {
  const messages = useMessages(engagement.id);
  const post = usePostMessage(engagement.id);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const pick = (chosen: File | undefined) => {
    setFileError(null);
    if (chosen && !(ALLOWED_ATTACHMENT_TYPES as readonly string[]).includes(chosen.type)) return setFileError(em.attachmentType);
    if (chosen && chosen.size > MAX_ATTACHMENT_BYTES) return setFileError(em.attachmentTooLarge);
    setFile(chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !file) return;
    post.mutate(
      { body: text, file },
      {
        onSuccess: () => {
          setText('');
          setFile(undefined);
          setInputKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <section aria-labelledby="conversation">
      <Typography id="conversation" variant="h6" component="h2" sx={{ mt: 3 }}>
        Conversation
      </Typography>
      {engagement.contacts_unmasked ? null : (
        <Alert severity="info" sx={{ my: 1 }}>
          E-mail addresses, phone numbers and web addresses are hidden until the first milestone is funded.
        </Alert>
      )}
      {messages.data && messages.data.length === 0 ? <Typography color="text.secondary">No messages yet.</Typography> : null}
      <List dense aria-label="Messages">
        {(messages.data ?? []).map((m) => (
          <ListItem key={m.id} disableGutters>
            <ListItemText
              primary={
                <>
                  {m.body}
                  {m.attachment ? (
                    <Box component="span" sx={{ display: 'block' }}>
                      <Link href={m.attachment.url} target="_blank" rel="noopener">
                        {m.attachment.file_name}
                      </Link>{' '}
                      ({Math.max(1, Math.round(m.attachment.size / 1024))} KB)
                    </Box>
                  ) : null}
                </>
              }
              secondary={`${m.mine ? 'You' : `${m.sender.first_name} ${m.sender.last_name}`} · ${formatDateTime(m.created_at)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Box component="form" noValidate onSubmit={submit} aria-label="Write a message" sx={{ display: 'grid', gap: 1 }}>
        <TextField label="Message" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: MAX_MESSAGE_LENGTH } }} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="text">
            {file ? `Attached: ${file.name}` : 'Attach a file'}
            <input
              key={inputKey}
              type="file"
              hidden
              aria-label="Attach a file"
              accept={ALLOWED_ATTACHMENT_TYPES.join(',')}
              onChange={(event) => pick(event.target.files?.[0])}
            />
          </Button>
          <Button type="submit" variant="outlined" disabled={post.isPending || (!text.trim() && !file)}>
            {post.isPending ? 'Sending…' : 'Send'}
          </Button>
        </Box>
      </Box>
      {fileError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {fileError}
        </Alert>
      ) : null}
      <StepFailure error={post.error} />
    </section>
  );
}
