import { type ReactNode, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type BrokerSection, sectionFrom } from '../utils/sections';

interface MenuItem {
  label: string;
  to: string;
  /** The page (and, on /BrokerPage, the section) that marks this item as current. */
  path: string;
  section?: BrokerSection;
}

/**
 * The broker dashboard's left menu. Portfolio Approval and New Users are their
 * own pages; the other entries are sections of /BrokerPage chosen with ?section=.
 */
export const adminMenu: MenuItem[] = [
  { label: 'Broker Dashboard', to: '/BrokerPage', path: '/BrokerPage', section: 'users' },
  { label: 'Portfolio Approval', to: '/PortfolioApproval', path: '/PortfolioApproval' },
  { label: 'New Users', to: '/UserList', path: '/UserList' },
  { label: 'New Broker Leads', to: '/BrokerPage?section=broker-leads', path: '/BrokerPage', section: 'broker-leads' },
  { label: 'Video Pitch Approval', to: '/BrokerPage?section=videos', path: '/BrokerPage', section: 'videos' },
  { label: 'Thoroughbred Domain', to: '/BrokerPage?section=thoroughbred', path: '/BrokerPage', section: 'thoroughbred' },
  {
    label: 'Exclusive Startup Breeders',
    to: '/BrokerPage?section=startup-breeders',
    path: '/BrokerPage',
    section: 'startup-breeders',
  },
  { label: 'Claims', to: '/BrokerPage?section=claims', path: '/BrokerPage', section: 'claims' },
  { label: 'Finance', to: '/BrokerPage?section=finance', path: '/BrokerPage', section: 'finance' },
  { label: 'Freelancers', to: '/BrokerPage?section=freelancers', path: '/BrokerPage', section: 'freelancers' },
  { label: 'Audit Log', to: '/BrokerPage?section=audit', path: '/BrokerPage', section: 'audit' },
];

function isCurrent(item: MenuItem, pathname: string, search: string): boolean {
  if (pathname !== item.path) return false;
  return item.section === undefined || item.section === sectionFrom(new URLSearchParams(search).get('section'));
}

/** Left column on wide screens; a row that scrolls sideways on phones. */
function AdminMenu() {
  const { pathname, search } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On phones the menu is a sideways row: bring the current entry into view.
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (ul && current && ul.scrollWidth > ul.clientWidth) ul.scrollLeft = Math.max(0, current.offsetLeft - ul.offsetLeft - 16);
  }, [pathname, search]);
  return (
    <Box component="nav" aria-label="Admin">
      <Box
        component="ul"
        ref={list}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          gap: 0.5,
          overflowX: { xs: 'auto', md: 'visible' },
          borderBottom: { xs: 1, md: 0 },
          borderColor: 'divider',
        }}
      >
        {adminMenu.map((item) => {
          const current = isCurrent(item, pathname, search);
          return (
            <Box component="li" key={item.to} sx={{ flexShrink: 0 }}>
              <Link
                component={RouterLink}
                to={item.to}
                aria-current={current ? 'page' : undefined}
                underline="none"
                sx={{
                  display: 'block',
                  px: 2,
                  py: { xs: 1.25, md: 1 },
                  whiteSpace: { xs: 'nowrap', md: 'normal' },
                  fontWeight: 600,
                  borderRadius: { md: 1 },
                  color: current ? 'primary.main' : 'text.secondary',
                  bgcolor: { md: current ? 'rgba(11, 61, 145, 0.08)' : 'transparent' },
                  borderBottom: { xs: 3, md: 0 },
                  borderLeft: { md: 3 },
                  borderColor: { xs: current ? 'primary.main' : 'transparent', md: current ? 'primary.main' : 'transparent' },
                  '&:hover': { color: 'primary.main' },
                }}
              >
                {item.label}
              </Link>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

interface AdminShellProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** Frame of every admin page: the menu, the page heading, then the page's content. */
export function AdminShell({ title, description, actions, children }: AdminShellProps) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '200px minmax(0, 1fr)', xl: '240px minmax(0, 1fr)' },
          gap: { xs: 2, md: 3, xl: 4 },
          alignItems: 'start',
        }}
      >
        <AdminMenu />
        <Box sx={{ minWidth: 0 }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { sm: 'flex-end' },
              justifyContent: 'space-between',
              gap: 2,
              mb: 2,
            }}
          >
            <Box>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
                {title}
              </Typography>
              {description ? <Typography color="text.secondary">{description}</Typography> : null}
            </Box>
            {actions}
          </Box>
          {children}
        </Box>
      </Box>
    </PageContainer>
  );
}
