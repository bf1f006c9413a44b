import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@market/shared';
import type { OwnDomain } from '@/features/portfolio';
import type { DomainGroups } from '../utils/group-domains';

export const GROUP_PREVIEW = 8;

const emptyText: Record<keyof DomainGroups, string> = {
  buyNow: 'No Buy Now domains yet. Give a domain a Buy Now price in your portfolio and buyers can purchase it straight away.',
  startupBreeders: 'No Startup Breeder domains yet. Switch on Startup Breeders for a domain in your portfolio to receive founders\u2019 pitches.',
  trade: 'No domains listed for trade yet. Switch on Trade and pick a 3, 4 or 5 figure option for a domain in your portfolio.',
};

function detail(group: keyof DomainGroups, domain: OwnDomain): string | null {
  if (group === 'buyNow') return domain.seller_price > 0 ? formatDollars(domain.seller_price) : null;
  if (group === 'trade') return domain.trade_option;
  return domain.startup_breeders;
}

/** One of the profile's domain groups (Buy Now, Startup Breeders, Trade Listed Domains). */
export function DomainGroupCard({ group, title, domains }: { group: keyof DomainGroups; title: string; domains: OwnDomain[] }) {
  const headingId = useId();
  const shown = domains.slice(0, GROUP_PREVIEW);
  const more = domains.length - shown.length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }} data-testid={`domain-group-${group}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h3">
          {title}
        </Typography>
        <Chip label={`${domains.length} ${domains.length === 1 ? 'domain' : 'domains'}`} size="small" />
      </Box>
      {shown.length === 0 ? (
        <Typography color="text.secondary">
          {emptyText[group]}{' '}
          <Link href="/portfolio" underline="always">
            Open your portfolio
          </Link>
          .
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((domain) => {
              const extra = detail(group, domain);
              return (
                <Box
                  component="li"
                  key={domain.id}
                  sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Link href={`/landing/${domain.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {domain.domain_name}
                    </Link>
                    {extra ? (
                      <Typography variant="body2" color="text.secondary">
                        {extra}
                      </Typography>
                    ) : null}
                  </Box>
                  {domain.status !== 'approved' ? (
                    <Chip label={domain.status_label} size="small" variant="outlined" color={domain.status === 'denied' ? 'error' : 'default'} />
                  ) : null}
                </Box>
              );
            })}
          </Box>
          {more > 0 ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              and {more} more in{' '}
              <Link href="/portfolio" underline="always">
                your portfolio
              </Link>
              .
            </Typography>
          ) : null}
        </>
      )}
    </Paper>
  );
}
