import { type AdminRole, adminRoleLabels, isAdminRole, type SubscriptionTier } from '@market/shared';
import type { DomainStatsRow, UserListRow } from './admin.repository.js';

const adminRoleLabel = (role: number) => adminRoleLabels[role as AdminRole] ?? String(role);

/** A row of the admin's user grid. */
export function presentUser(u: UserListRow) {
  return { ...u, subscription: u.subscription as SubscriptionTier, name: `${u.first_name} ${u.last_name}`, role_label: adminRoleLabel(u.role) };
}

/** Signup roles shown in the broker table the way it has always shown them; our own team as what it is. */
function roleLabel(userRole: string | null, role: number): string {
  if (isAdminRole(role)) return adminRoleLabel(role).toUpperCase();
  return userRole === 'freelancer' ? 'FREELANCER' : 'DOMAINER';
}

/** A row of the broker dashboard: the user and what they have on the marketplace. */
export function presentBrokerUser(
  u: Omit<UserListRow, 'created_at'>,
  stats: {
    domains: DomainStatsRow[];
    sales: { seller_id: number; n: number }[];
    videos: { uploader_id: number; n: number }[];
    headlines: { user_id: number; n: number }[];
  },
) {
  const d = stats.domains.find((s) => s.user_id === u.id);
  return {
    id: u.id,
    username: u.email.split('@')[0] ?? u.email,
    display_name: `${u.first_name} ${u.last_name}`,
    email: u.email,
    role: roleLabel(u.user_role, u.role),
    admin_role: adminRoleLabel(u.role),
    subscription: u.subscription as SubscriptionTier,
    video_pitch: Number(stats.videos.find((s) => s.uploader_id === u.id)?.n ?? 0),
    sponsored_headlines: Number(stats.headlines.find((s) => s.user_id === u.id)?.n ?? 0),
    exclusive_startup_breeders: Number(d?.breeders ?? 0),
    thoroughbred_domains: Number(d?.thoroughbred ?? 0),
    sold_domains: Number(stats.sales.find((s) => s.seller_id === u.id)?.n ?? 0),
  };
}
