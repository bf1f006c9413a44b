import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS, STARTUP_BREEDER_LABEL, tradeOptions, type SearchFilters } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageHeading } from '@/features/portfolio/components/page-heading';
import { useAuthSnapshot } from '@/lib/auth-store';
import type { Domain } from '@/features/portfolio/types/domain';
import { useLeadRequest } from '@/features/leads/hooks/use-lead-request';
import { HomeSearchCard } from '../components/home-search-card';
import { emptySearchState, searchStore, useSearchState, type SearchState } from '../hooks/search-state';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSearchParamSync } from '../hooks/use-search-param';
import { activeFilterCount } from '../utils/search-request';
import { formatDollars } from '@/utils/format';

/**
 * Each card is a listing type, so it sets that part of the filters itself; the rest of the
 * saved search (text, extensions, price, length, exclusions...) applies to all three.
 */
function cardCriteria(state: SearchState, patch: Partial<SearchFilters>): SearchState {
  const { business_status: _listing, trade_options: _trade, ...rest } = state.filters;
  return { ...state, filters: { ...rest, ...patch } };
}

/**
 * /homeSearch and /homesearch (public, ?search=): three cards, Domain trade, Buy Now and Startup
 * Breeders, each title linking to its sponsored page. Trade and breeder requests need sign-in.
 */
export default function HomeSearchRoute() {
  useDocumentTitle('Search Results');
  const state = useSearchParamSync(useSearchState());
  const criteria = useDebouncedValue(state, SEARCH_DEBOUNCE_MS);
  const { user, isAuthenticated } = useAuthSnapshot();
  // The spec titles this page's failure toast 'Success' (section 8); kept as specified.
  const lead = useLeadRequest({ failureTitle: 'Success' });
  const filters = activeFilterCount(state);
  const text = state.text.trim();

  const own = (domain: Domain) => user !== null && domain.user.id === user.id;
  const ownNote = (
    <Typography variant="body2" color="text.secondary">
      Your domain
    </Typography>
  );

  return (
    <PageContainer sx={{ pt: { xs: 0, md: 1 } }}>
      <PageHeading
        title={text ? `Results for “${text}”` : 'Browse domains'}
        subtitle="Domains for trade, to buy now, and open to startup founders."
        actions={
          isAuthenticated ? (
            <Button href="/search" variant="outlined">
              Search with filters
            </Button>
          ) : undefined
        }
      />
      {filters > 0 ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => searchStore.update({ extensions: emptySearchState.extensions, filters: emptySearchState.filters })}
            >
              Clear filters
            </Button>
          }
        >
          {filters === 1 ? 'One saved filter applies' : `${filters} saved filters apply`} to these results.
          {isAuthenticated ? ' Refine them on the Search Leads page.' : ''}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <HomeSearchCard
          id="trade"
          title="Domain trade"
          to="/sponsored/domain-trade"
          criteria={cardCriteria(criteria, {
            trade_options: criteria.filters.trade_options?.length ? criteria.filters.trade_options : [...tradeOptions],
          })}
          renderRow={(domain) => (
            <>
              {domain.trade_option ? <Chip size="small" label={domain.trade_option} variant="outlined" /> : null}
              {own(domain) ? (
                ownNote
              ) : (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={lead.pendingDomainId === domain.id}
                  onClick={() => lead.request(domain, 'trade')}
                  aria-label={`Request trade: ${domain.domain_name}`}
                >
                  Request trade
                </Button>
              )}
            </>
          )}
        />
        <HomeSearchCard
          id="buy-now"
          title="Buy Now"
          to="/sponsored/buy-now"
          criteria={cardCriteria(criteria, { business_status: ['Buy Now'] })}
          renderRow={(domain) => (
            <>
              <Typography sx={{ fontWeight: 700 }}>{formatDollars(domain.seller_price)}</Typography>
              {own(domain) ? (
                ownNote
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  href={`/buy_order?domain_id=${domain.id}`}
                  aria-label={`Buy Now: ${domain.domain_name}`}
                >
                  Buy Now
                </Button>
              )}
            </>
          )}
        />
        <HomeSearchCard
          id="breeders"
          title="Startup Breeders"
          to="/sponsored/startup-breeders"
          criteria={cardCriteria(criteria, { business_status: ['Startup Breeders'] })}
          renderRow={(domain) =>
            own(domain) ? (
              ownNote
            ) : (
              <Button
                size="small"
                variant="outlined"
                disabled={lead.pendingDomainId === domain.id}
                onClick={() => lead.request(domain, 'breeder')}
                aria-label={`${STARTUP_BREEDER_LABEL}: ${domain.domain_name}`}
              >
                {STARTUP_BREEDER_LABEL}
              </Button>
            )
          }
        />
      </Box>
    </PageContainer>
  );
}
