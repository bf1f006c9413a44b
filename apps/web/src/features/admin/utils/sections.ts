/** The sections of /BrokerPage, chosen with ?section= (the users table when absent). */
export const brokerSections = ['users', 'broker-leads', 'videos', 'thoroughbred', 'startup-breeders', 'claims', 'finance', 'freelancers', 'audit'] as const;
export type BrokerSection = (typeof brokerSections)[number];

export function sectionFrom(value: string | null): BrokerSection {
  return (brokerSections as readonly string[]).includes(value ?? '') ? (value as BrokerSection) : 'users';
}

export const sectionTitles: Record<BrokerSection, string> = {
  users: 'Broker Dashboard',
  'broker-leads': 'New Broker Leads',
  videos: 'Video Pitch Approval',
  thoroughbred: 'Thoroughbred Domain',
  'startup-breeders': 'Exclusive Startup Breeders',
  claims: 'Claims',
  finance: 'Finance',
  freelancers: 'Freelancers',
  audit: 'Audit Log',
};
