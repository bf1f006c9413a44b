import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMMISSION_RATE } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuthSnapshot } from '@/lib/auth-store';

const pillars = [
  {
    title: 'Buy Now',
    body: 'Domains listed with a fixed price can be bought straight away, with no haggling.',
  },
  {
    title: 'Domain trade',
    body: 'Offer a domain for trade and negotiate counter offers directly with the other side.',
  },
  {
    title: 'Startup Breeders',
    body: 'Pitch your startup idea to a domain owner and build the business together.',
  },
] as const;

/** The public landing page; the freelancer showcase replaces it in a later task. */
export default function HomeRoute() {
  useDocumentTitle();
  const { isAuthenticated } = useAuthSnapshot();
  return (
    <PageContainer>
      <Box sx={{ py: { xs: 4, md: 8 }, maxWidth: 760 }}>
        <Typography variant="h3" component="h1" gutterBottom>
          The marketplace for domain names
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
          Search domains, make offers and negotiate with their owners, send video pitches and promote your own listings.
          One flat {COMMISSION_RATE * 100}% commission, split between buyer and seller.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button href="/homeSearch" variant="contained" size="large">
            Search domains
          </Button>
          {isAuthenticated ? (
            <Button href="/my_stable" variant="outlined" size="large">
              Go to My Stable
            </Button>
          ) : (
            <>
              <Button href="/register" variant="outlined" size="large">
                Create an account
              </Button>
              <Button href="/login" size="large">
                Log in to your account
              </Button>
            </>
          )}
        </Stack>
      </Box>
      <Typography variant="h4" component="h2" gutterBottom>
        Three ways to deal
      </Typography>
      <Grid container spacing={3}>
        {pillars.map((pillar) => (
          <Grid key={pillar.title} size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {pillar.title}
              </Typography>
              <Typography color="text.secondary">{pillar.body}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </PageContainer>
  );
}
