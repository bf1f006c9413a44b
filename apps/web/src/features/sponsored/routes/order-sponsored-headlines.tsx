import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatDollarsWithCents, SPONSORED_PERIOD_DAYS, SPONSORED_PRICES } from '@market/shared';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { OrderHeadlines } from '../components/order-headlines';
import { SponsoredOrders } from '../components/sponsored-orders';

type TabName = 'order' | 'orders';

/**
 * /order-sponsored-headlines (signed in): the seller ticks domains in the category panels and
 * places the order (cart, then /checkout); "Your orders" lists what was bought. ?tab=orders
 * opens the history, so checkout can link to it.
 */
export default function OrderSponsoredHeadlinesRoute() {
  useDocumentTitle('Order Sponsored Headlines');
  const [params, setParams] = useSearchParams();
  const tab: TabName = params.get('tab') === 'orders' ? 'orders' : 'order';
  const select = (next: TabName) => setParams(next === 'orders' ? { tab: 'orders' } : {}, { replace: true });

  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Order Sponsored Headlines
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 820 }}>
        Put your domains in front of buyers on the home page and the sponsored pages for {SPONSORED_PERIOD_DAYS} days. Per
        listing: Buy Now {formatDollarsWithCents(SPONSORED_PRICES['Buy Now'])}, trade {formatDollarsWithCents(SPONSORED_PRICES['Trade Domains'])},
        startup breeders {formatDollarsWithCents(SPONSORED_PRICES['Startup Breeders'])}.
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} onChange={(_event, next: TabName) => select(next)} aria-label="Sponsored headlines">
          <Tab value="order" label="Order headlines" id="sponsored-tab-order" aria-controls="sponsored-panel-order" />
          <Tab value="orders" label="Your orders" id="sponsored-tab-orders" aria-controls="sponsored-panel-orders" />
        </Tabs>
      </Box>
      {/* Both panels exist (the tabs point at them); only the chosen one renders its content. */}
      <div role="tabpanel" id="sponsored-panel-order" aria-labelledby="sponsored-tab-order" hidden={tab !== 'order'}>
        {tab === 'order' ? <OrderHeadlines /> : null}
      </div>
      <div role="tabpanel" id="sponsored-panel-orders" aria-labelledby="sponsored-tab-orders" hidden={tab !== 'orders'}>
        {tab === 'orders' ? <SponsoredOrders /> : null}
      </div>
    </PageContainer>
  );
}
