import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS, type SearchFilters, STARTUP_BREEDER_LABEL, tradeOptions } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageHeading } from '@/components/ui/page-heading';
import { useAuthSnapshot } from '@/lib/auth-store';
import type { SearchRow } from '@market/shared';
import { useLeadRequest, type LeadRequestKind } from '@/features/leads';
import { useMakeOffer } from '@/features/landing';
import { landingActions } from '@/features/landing';
import { FilteredSearch, FiltersToggle } from '../components/filtered-search';
import { HomeSearchCard } from '../components/home-search-card';
import { emptySearchState, searchStore, useSearchState, type SearchState } from '../hooks/search-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSearchParamSync } from '../hooks/use-search-param';
import { activeFilterCount } from '../utils/search-request';
import { formatListPrice } from '@/utils/format';

/**
 * Each card is a listing type, so it sets that part of the filters itself; the rest of the
 * saved search (text, extensions, price, length, exclusions...) applies to all three.
 */
function cardCriteria(state: SearchState, patch: Partial<SearchFilters>): SearchState {
  const { business_status: _listing, trade_options: _trade, ...rest } = state.filters;
  return { ...state, filters: { ...rest, ...patch } };
}

type LeadRequest = ReturnType<typeof useLeadRequest>;

/** A trade or breeder request (a card's or a list row's); signed out, it goes to /login first. */
function LeadButton({ domain, kind, lead }: { domain: SearchRow; kind: LeadRequestKind; lead: LeadRequest }) {
  const label = kind === 'trade' ? 'Request trade' : STARTUP_BREEDER_LABEL;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={lead.pendingDomainId === domain.id}
      onClick={() => lead.request(domain, kind)}
      aria-label={`${label}: ${domain.domain_name}`}
    >
      {label}
    </Button>
  );
}

/** The order page needs an account: its guard sends a visitor to /login and back. */
function BuyNowButton({ domain }: { domain: SearchRow }) {
  return (
    <Button size="small" variant="contained" href={`/buy_order?domain_id=${domain.id}`} aria-label={`Buy Now: ${domain.domain_name}`}>
      Buy Now
    </Button>
  );
}

/**
 * /homeSearch and /homesearch (public, ?search=): three cards, Domain trade, Buy Now and Startup
 * Breeders, each title linking to its sponsored page; below them every listed domain that matches,
 * whatever its listing type, with the Search Leads filter panel and table, so a visitor without
 * an account can find any of them. Buying, offers, trade and breeder requests need sign-in: a
 * visitor is sent to /login and comes back here.
 */
export default function HomeSearchRoute() {
  useDocumentTitle('Search Results');
  const state = useSearchParamSync(useSearchState());
  const criteria = useDebouncedValue(state, SEARCH_DEBOUNCE_MS);
  const { user, isAuthenticated } = useAuthSnapshot();
  // This page's failure toast is titled 'Success', kept from the original product (docs/product.md section 6).
  const lead = useLeadRequest({ failureTitle: 'Success' });
  const offer = useMakeOffer();
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const filters = activeFilterCount(state);
  const text = state.text.trim();

  const own = (domain: SearchRow) => user !== null && domain.user.id === user.id;
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
                <LeadButton domain={domain} kind="trade" lead={lead} />
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
              <Typography sx={{ fontWeight: 700 }}>{formatListPrice(domain.seller_price)}</Typography>
              {own(domain) ? (
                ownNote
              ) : (
                <BuyNowButton domain={domain} />
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
              <LeadButton domain={domain} kind="breeder" lead={lead} />
            )
          }
        />
      </Box>
      <Box component="section" aria-labelledby="all-domains-heading" sx={{ mt: { xs: 4, md: 6 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="all-domains-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              All listed domains
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Every domain for sale that matches, whatever its listing type.
            </Typography>
          </Box>
          <FiltersToggle active={filters} open={filtersOpen} onToggle={() => setFiltersOpen((open) => !open)} panelId={panelId} />
        </Box>
        <FilteredSearch
          state={state}
          criteria={criteria}
          filtersOpen={filtersOpen}
          panelId={panelId}
          renderActions={(domain) => {
            if (own(domain)) return ownNote;
            const can = landingActions(domain);
            return (
              <>
                {can.buyNow ? <BuyNowButton domain={domain} /> : null}
                {can.offer ? (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={offer.isPending}
                    onClick={() => offer.makeOffer(domain.id, `${location.pathname}${location.search}`)}
                    aria-label={`Make an offer: ${domain.domain_name}`}
                  >
                    Make an offer
                  </Button>
                ) : null}
                {can.trade ? <LeadButton domain={domain} kind="trade" lead={lead} /> : null}
                {can.breeder ? <LeadButton domain={domain} kind="breeder" lead={lead} /> : null}
              </>
            );
          }}
        />
      </Box>
    </PageContainer>
  );
}
