import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container';
import { completedSales, SalesTable, useOrders } from '@/features/orders';
import { useDomains } from '@/features/portfolio';
import { buyerLeadRows } from '../utils/buyer-lead-rows';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useLeadSummary } from '../api/get-lead-summary';
import { MarketSection } from '../components/market-section';
import { MarketListingsTable, MarketOffersTable, MarketPurchasesTable } from '../components/market-tables';

/**
 * /market (My Stable tab): the marketplace as it concerns you. Your offers as a buyer (the lead
 * summary's buyer rows), your purchases (bought now or negotiated), your completed sales, and
 * your domains that are live in the marketplace. The tab's badge counts your open offers.
 */
export default function MarketRoute() {
  usePageMeta({ title: 'Market', description: 'Your offers as a buyer, your purchases, your sales and your domains listed in the Domain Market marketplace.' });
  const summary = useLeadSummary();
  const domains = useDomains();
  const orders = useOrders();

  const offers = useMemo(() => (summary.data ? buyerLeadRows(summary.data) : []), [summary.data]);
  const purchases = useMemo(() => (orders.data ?? []).filter((o) => o.role === 'buyer'), [orders.data]);
  const sales = useMemo(() => completedSales(orders.data ?? []), [orders.data]);
  const listed = useMemo(() => (domains.data?.domains ?? []).filter((d) => d.status === 'approved'), [domains.data]);
  const waiting = (domains.data?.domains ?? []).filter((d) => d.status === 'pending').length;

  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Market
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The marketplace as it concerns you: the domains you are trying to buy, what you have bought and sold, and your domains that buyers can see.
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 } }}>
        <MarketSection
          id="market-offers"
          title="Your offers"
          description="Domains you made an offer or a request on. Open one to follow or answer its negotiation."
          pending={summary.isPending}
          error={summary.error}
          onRetry={() => void summary.refetch()}
          isEmpty={offers.length === 0}
          empty={
            <>
              You have not made any offers yet.{' '}
              <Link href="/homeSearch" underline="always">
                Search domains
              </Link>{' '}
              and make an offer, request a trade or pitch to a Startup Breeder.
            </>
          }
        >
          <MarketOffersTable rows={offers} />
        </MarketSection>

        <MarketSection
          id="market-purchases"
          title="Your purchases"
          description="Domains you bought, at their Buy Now price or at the price agreed in a negotiation. The total includes your share of the commission. Once an order completes, the domain is in your portfolio, listed after our team approves it."
          pending={orders.isPending}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          isEmpty={purchases.length === 0}
          action={
            purchases.length > 0 ? (
              <Link href="/buy_order" underline="always">
                Manage your orders
              </Link>
            ) : null
          }
          empty={
            <>
              You have not bought a domain yet. Domains with a Buy Now price can be bought straight away: see the{' '}
              <Link href="/sponsored/buy-now" underline="always">
                Buy Now headlines
              </Link>{' '}
              or{' '}
              <Link href="/homeSearch" underline="always">
                search the marketplace
              </Link>
              .
            </>
          }
        >
          <MarketPurchasesTable orders={purchases} />
        </MarketSection>

        <MarketSection
          id="market-sales"
          title="Your sales"
          description="Domains you sold, once the buyer had them and we paid you out. They have passed to their buyers; each order keeps the receipt."
          pending={orders.isPending}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          isEmpty={sales.length === 0}
          empty={
            <>
              You have not completed a sale yet. Sales appear here once the buyer has the domain and your payout is sent; orders still under way are in{' '}
              <Link href="/buy_order" underline="always">
                your orders
              </Link>
              .
            </>
          }
        >
          <SalesTable orders={sales} />
        </MarketSection>

        <MarketSection
          id="market-listings"
          title="Your listed domains"
          description={
            waiting > 0
              ? `Your approved domains, live in the marketplace. ${waiting} more ${waiting === 1 ? 'is' : 'are'} waiting for approval.`
              : 'Your approved domains, live in the marketplace.'
          }
          pending={domains.isPending}
          error={domains.error}
          onRetry={() => void domains.refetch()}
          isEmpty={listed.length === 0}
          action={
            <Link href="/portfolio" underline="always">
              Manage your portfolio
            </Link>
          }
          empty={
            waiting > 0 ? (
              <>
                Your domains are waiting for approval by our team; they appear here once approved. Meanwhile, set their prices in your{' '}
                <Link href="/portfolio" underline="always">
                  portfolio
                </Link>
                .
              </>
            ) : (
              <>
                You have no domains in the marketplace yet.{' '}
                <Link href="/add_domains" underline="always">
                  Add your domains
                </Link>{' '}
                and they will be listed once our team approves them.
              </>
            )
          }
        >
          <MarketListingsTable domains={listed} />
        </MarketSection>
      </Box>
    </PageContainer>
  );
}
