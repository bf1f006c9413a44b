import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Engagement, MAX_MESSAGE_LENGTH } from '@market/shared';
import { formatDateTime } from '@/utils/format';
import { useMessages } from '../api/get-messages';
import { usePostMessage } from '../api/post-message';
import { StepFailure } from './step-failure';

/** The two parties' conversation; contact details stay hidden until a milestone is funded. */
export function Conversation({ engagement }: { engagement: Engagement }) {
  const messages = useMessages(engagement.id);
  const post = usePostMessage(engagement.id);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    post.mutate(text, { onSuccess: () => setText('') });
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
              primary={m.body}
              secondary={`${m.mine ? 'You' : `${m.sender.first_name} ${m.sender.last_name}`} · ${formatDateTime(m.created_at)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Box component="form" noValidate onSubmit={submit} aria-label="Write a message" sx={{ display: 'grid', gap: 1 }}>
        <TextField label="Message" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: MAX_MESSAGE_LENGTH } }} />
        <Box>
          <Button type="submit" variant="outlined" disabled={post.isPending || !text.trim()}>
            {post.isPending ? 'Sending…' : 'Send'}
          </Button>
        </Box>
      </Box>
      <StepFailure error={post.error} />
    </section>
  );
}
