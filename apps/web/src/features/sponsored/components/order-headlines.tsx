import { type ReactNode, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDollarsWithCents, type SponsoredCart as Cart, type SponsoredCategory } from '@market/shared';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useCreateCart } from '../api/create-cart';
import { type EligibleDomain, useEligibleDomains } from '../api/get-eligible-domains';
import { cartStorage, useStoredCart } from '../utils/cart-storage';
import { sponsoredUiMessages } from '../utils/messages';
import { QueryError } from '@/components/ui/query-error';
import { errorText } from '@/lib/error-text';
import { cartRequest, emptySelection, panelDomains, type Selection, selectionSummary, setSelected } from '../utils/selection';
import { CategoryPanel } from './category-panel';
import { OrderSummary } from './order-summary';

const portfolioLink = (
  <Link href="/portfolio" underline="always">
    your portfolio
  </Link>
);

/** The three category panels: the API's three categories, trade split into its tiers inside. */
const panels: { category: SponsoredCategory; title: string; emptyHint: ReactNode }[] = [
  {
    category: 'Buy Now',
    title: 'Buy Now Domains',
    emptyHint: <>No Buy Now domains. Set a Buy Now price on a domain in {portfolioLink} to sponsor it here.</>,
  },
  {
    category: 'Trade Domains',
    title: 'Trade Domains',
    emptyHint: <>No trade domains. Turn on trade with a 3, 4 or 5 Figures option in {portfolioLink}.</>,
  },
  {
    category: 'Startup Breeders',
    title: 'Startup Breeder Domains',
    emptyHint: <>No startup breeder domains. Turn on Startup Breeders for a domain in {portfolioLink}.</>,
  },
];

/** Ticks again what the stored cart holds, so "Change your selection" starts from it. */
function selectionFromCart(cart: Cart | null): Selection {
  let selection = emptySelection();
  for (const line of cart?.category ?? []) {
    selection = setSelected(selection, line.name, line.domains.map((d) => d.id), true);
  }
  return selection;
}

function NoDomains() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        No domains to sponsor yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Headlines promote your own approved domains listed as Buy Now, for trade or for startup breeders. Import domains,
        price them and set their listing options in your portfolio; once approved they show up here.
      </Typography>
      <Button href="/portfolio" variant="contained">
        Go to your portfolio
      </Button>
    </Paper>
  );
}

function Panels({ eligible, reload }: { eligible: EligibleDomain[]; reload: () => void }) {
  const storedCart = useStoredCart();
  const [selection, setSelection] = useState(() => selectionFromCart(cartStorage.read()));
  const [error, setError] = useState<string | null>(null);
  const createCart = useCreateCart();
  const navigate = useNavigate();
  const { lines, total } = selectionSummary(selection, eligible);
  const domainsOf = useMemo(
    () => Object.fromEntries(panels.map((p) => [p.category, panelDomains(eligible, p.category)])) as Record<SponsoredCategory, EligibleDomain[]>,
    [eligible],
  );

  const place = () => {
    const body = cartRequest(selection, eligible);
    if (body.items.length === 0) {
      setError(sponsoredUiMessages.nothingSelected);
      return;
    }
    setError(null);
    createCart.mutate(body, {
      onSuccess: () => void navigate('/checkout'),
      onError: (failure) => {
        setError(errorText(failure));
        // A headline started meanwhile (another tab): show the list as it is now.
        if (isApiError(failure) && failure.status === 409) reload();
      },
    });
  };

  return (
    <>
      {storedCart ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button href="/checkout" color="inherit" size="small">
              Go to checkout
            </Button>
          }
        >
          A cart of {formatDollarsWithCents(storedCart.total_amount)} is waiting at checkout. Placing a new order replaces it.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {panels.map((panel) => (
          <CategoryPanel
            key={panel.category}
            category={panel.category}
            title={panel.title}
            emptyHint={panel.emptyHint}
            domains={domainsOf[panel.category]}
            selected={selection[panel.category]}
            onChange={(ids, checked) => {
              setError(null);
              setSelection((current) => setSelected(current, panel.category, ids, checked));
            }}
          />
        ))}
        <OrderSummary lines={lines} total={total} error={error} pending={createCart.isPending} onPlace={place} />
      </Box>
    </>
  );
}

/** The ordering tab of /order-sponsored-headlines: four panels and "Place your order". */
export function OrderHeadlines() {
  const eligible = useEligibleDomains();
  if (eligible.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(4, 1fr)' } }} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={240} />
        ))}
      </Box>
    );
  }
  if (eligible.isError) {
    return (
      <QueryError error={eligible.error} onRetry={() => void eligible.refetch()} what="Your domains could not be loaded." />
    );
  }
  if (eligible.data.length === 0) return <NoDomains />;
  return <Panels eligible={eligible.data} reload={() => void eligible.refetch()} />;
}
