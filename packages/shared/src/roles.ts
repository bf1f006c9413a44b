/** Signup roles (what the user says they came for) and admin roles (what they may do). */
export const signupRoles = ['common', 'freelancer', 'buyer', 'seller'] as const;
export type SignupRole = (typeof signupRoles)[number];

export const signupRoleLabels: Record<SignupRole, string> = {
  common: 'Search Marketplace',
  freelancer: 'Work as a Freelancer',
  buyer: 'Buy Domains',
  seller: 'Sell Domains',
};

export const AdminRole = { User: 0, Admin: 1, SuperAdmin: 2 } as const;
export type AdminRole = (typeof AdminRole)[keyof typeof AdminRole];
export const adminRoleValues = [0, 1, 2] as const;

export const adminRoleLabels: Record<AdminRole, string> = {
  0: 'User',
  1: 'Admin',
  2: 'SuperAdmin',
};

export function isAdminRole(role: number): boolean {
  return role === AdminRole.Admin || role === AdminRole.SuperAdmin;
}

export const subscriptionTiers = ['Free', 'Mustang', 'Pony', 'Stallion'] as const;
export type SubscriptionTier = (typeof subscriptionTiers)[number];

export const authenticationTypes = ['custom', 'social'] as const;
export type AuthenticationType = (typeof authenticationTypes)[number];
