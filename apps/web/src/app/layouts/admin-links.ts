import { isAdminRole } from '@market/shared';
import { useAuthSnapshot } from '@/lib/auth-store';

/** The admin pages, linked from the header, the phone menu and My Stable for Admins and SuperAdmins. */
export const adminLinks = [
  { label: 'Broker Dashboard', href: '/BrokerPage' },
  { label: 'Portfolio Approval', href: '/PortfolioApproval' },
  { label: 'New Users', href: '/UserList' },
] as const;

/** Whether to show the admin links: the server refuses the pages' calls to anyone else anyway. */
export function useIsAdmin(): boolean {
  const { user } = useAuthSnapshot();
  return user !== null && isAdminRole(user.role);
}
