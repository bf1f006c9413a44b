import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { MyReview } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/utils/format';
import { useMyReviews } from '../api/get-my-reviews';
import { ReplyForm } from './reviews';

const name = (p: MyReview['author']) => `${p.first_name} ${p.last_name}`;

/** One review: stars, text, the engagement it is about, who wrote it and when, and the reply. */
function ReviewCard({ review: r, received }: { review: MyReview; received: boolean }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', minWidth: 0 }} data-testid={received ? 'review-received' : 'review-written'}>
      <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        <Link href={`/engagements/${r.engagement_id}`}>{r.engagement_title}</Link>
      </Typography>
      <Rating value={r.stars} readOnly aria-label={`${r.stars} of 5 stars`} />
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.text}</Typography>
      <Typography variant="body2" color="text.secondary">
        {received
          ? `${name(r.author)}, the ${r.author_role === 'client' ? 'client' : 'freelancer'}, about your work as ${r.author_role === 'client' ? 'freelancer' : 'client'}`
          : `Your review of ${name(r.subject)}, the ${r.author_role === 'client' ? 'freelancer' : 'client'}`}{' '}
        · {formatDate(r.created_at)}
      </Typography>
      {r.reply ? (
        <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <strong>{received ? 'Your reply' : `Reply from ${name(r.subject)}`}:</strong> {r.reply}
          </Typography>
        </Box>
      ) : received ? (
        <Box sx={{ mt: 1.5 }}>
          <ReplyForm engagementId={r.engagement_id} />
        </Box>
      ) : null}
    </Paper>
  );
}

function Section({ title, reviews, received, none }: { title: string; reviews: MyReview[]; received: boolean; none: string }) {
  const id = received ? 'reviews-received' : 'reviews-written';
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {reviews.length === 0 ? (
        <Typography color="text.secondary">{none}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 2, p: 0, m: 0 }}>
          {reviews.map((r) => (
            <ReviewCard key={r.id} review={r} received={received} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The user's reviews: the ones they received, as freelancer and as client, with a reply form
 * where they have not replied yet, and the ones they wrote.
 */
export function MyReviews() {
  const query = useMyReviews();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} what="Your reviews could not be loaded." />;
  if (query.isPending) return <CircularProgress aria-label="Loading reviews" />;
  const { received, written, limit } = query.data;
  if (received.length === 0 && written.length === 0) {
    return (
      <Alert severity="info" action={<Button href="/engagements">Your engagements</Button>}>
        No reviews yet. Reviews come after a completed engagement: once a milestone is paid out and none is left open, the client and the freelancer can review each other.
      </Alert>
    );
  }
  return (
    <>
      {received.length >= limit || written.length >= limit ? <Typography color="text.secondary">The newest {limit} of each.</Typography> : null}
      <Section title="Reviews of you" reviews={received} received none="Nobody has reviewed you yet." />
      <Section title="Reviews you wrote" reviews={written} received={false} none="You have not reviewed anyone yet." />
    </>
  );
}
