import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Engagement, MAX_REVIEW_LENGTH, MAX_REVIEW_REPLY_LENGTH, type Review, reviewMessages } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/utils/format';
import { useReviews } from '../api/get-reviews';
import { usePostReview } from '../api/post-review';
import { useReplyToReview } from '../api/reply-to-review';
import { StepFailure } from './step-failure';

function ReviewView({ review, heading, testId }: { review: Review; heading: string; testId: string }) {
  const replier = `${review.subject.first_name} ${review.subject.last_name}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3">
        {heading}
      </Typography>
      <Rating value={review.stars} readOnly aria-label={`${review.stars} of 5 stars`} />
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.text}</Typography>
      <Typography variant="body2" color="text.secondary">
        {review.author.first_name} {review.author.last_name} · {formatDateTime(review.created_at)}
      </Typography>
      {review.reply ? (
        <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }} data-testid={`${testId}-reply`}>
          <Typography variant="body2">
            <strong>Reply from {replier}:</strong> {review.reply}
          </Typography>
        </Box>
      ) : null}
    </Paper>
  );
}

function ReviewForm({ engagement: e }: { engagement: Engagement }) {
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const post = usePostReview(e.id);
  const other = e.role === 'client' ? e.freelancer.first_name : e.client.first_name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars !== null && text.trim()) post.mutate({ stars, text });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Leave your review" sx={{ display: 'grid', gap: 1 }}>
      <Typography component="legend" id="review-stars">
        How was working with {other}?
      </Typography>
      <Rating name="stars" value={stars} onChange={(_event, value) => setStars(value !== null && Number.isInteger(value) ? value : null)} aria-labelledby="review-stars" />
      <TextField
        label="Your review"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: MAX_REVIEW_LENGTH } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={post.isPending || stars === null || !text.trim()}>
          {post.isPending ? 'Publishing…' : 'Publish the review'}
        </Button>
      </Box>
      <StepFailure error={post.error} />
    </Box>
  );
}

/** The reviewed party's one reply, on the engagement's page and in My Stable's Reviews tab. */
export function ReplyForm({ engagementId }: { engagementId: number }) {
  const [text, setText] = useState('');
  const reply = useReplyToReview(engagementId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) reply.mutate(text);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Reply to the review" sx={{ display: 'grid', gap: 1 }}>
      <TextField label="Your reply" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: MAX_REVIEW_REPLY_LENGTH } }} />
      <Box>
        <Button type="submit" variant="outlined" disabled={reply.isPending || !text.trim()}>
          {reply.isPending ? 'Publishing…' : 'Publish the reply'}
        </Button>
      </Box>
      <StepFailure error={reply.error} />
    </Box>
  );
}

/** A completed engagement's reviews: leave yours, read the other side's and reply once. */
export function Reviews({ engagement: e }: { engagement: Engagement }) {
  const reviews = useReviews(e.id);
  if (e.status !== 'active') return null;
  let body;
  if (reviews.isError) body = <QueryError error={reviews.error} onRetry={() => void reviews.refetch()} />;
  else if (reviews.isPending) body = <CircularProgress aria-label="Loading reviews" />;
  else if (!reviews.data.completed) return null;
  else {
    const { mine, theirs, can_review } = reviews.data;
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {mine ? <ReviewView review={mine} heading="Your review" testId="review-mine" /> : null}
        {can_review ? <ReviewForm engagement={e} /> : null}
        {mine && !can_review ? <Alert severity="success">{reviewMessages.reviewPosted}</Alert> : null}
        {theirs ? <ReviewView review={theirs} heading={e.role === 'client' ? 'The freelancer’s review of you' : 'The client’s review of you'} testId="review-theirs" /> : null}
        {theirs && theirs.reply === null ? <ReplyForm engagementId={e.id} /> : null}
      </Box>
    );
  }
  return (
    <section aria-labelledby="reviews">
      <Typography id="reviews" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Reviews
      </Typography>
      {body}
    </section>
  );
}
