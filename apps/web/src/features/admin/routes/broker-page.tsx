import { useSearchParams } from 'react-router';
import { AdminShell } from '../components/admin-shell';
import { AuditLogSection } from '../components/audit-log-section';
import { BrokerLeadsSection } from '../components/broker-leads-section';
import { BrokerUsersSection } from '../components/broker-users-section';
import { ClaimsSection } from '../components/claims-section';
import { DomainListSection } from '../components/domain-list-section';
import { FinanceSection } from '../components/finance-section';
import { FreelancersSection } from '../components/freelancers-section';
import { VideoApprovalSection } from '../components/video-approval-section';
import { AUDIT_LOG_LIMIT } from '../utils/constants';
import { type BrokerSection, sectionFrom, sectionTitles } from '../utils/sections';

const descriptions: Record<BrokerSection, string> = {
  users: 'Users with their listings, pitches and sales.',
  'broker-leads': 'Negotiations above $50,000 that asked for the Broker Team.',
  videos: 'Video pitches sent by founders.',
  thoroughbred: 'Approved domains priced above $50,000.',
  'startup-breeders': 'Approved domains open to startup-breeder partnerships.',
  claims: 'Names claimed by a second seller.',
  finance: 'Escrow money from the ledger: what is held and due, the steps each item waits for, refunds through the card processor, and whether the books reconcile.',
  freelancers: 'Freelancer profiles and the passed-test badges the marketplace awards.',
  audit: `The latest ${AUDIT_LOG_LIMIT} admin actions, done or refused.`,
};

function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * Broker dashboard (admins only). The left menu switches sections with
 * ?section=; the default section is the expandable users table, paged with ?page=.
 */
export default function BrokerPageRoute() {
  const [params, setParams] = useSearchParams();
  const section = sectionFrom(params.get('section'));
  const page = pageFrom(params.get('page'));
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  return (
    <AdminShell title={sectionTitles[section]} description={descriptions[section]}>
      {section === 'users' ? <BrokerUsersSection page={page} onPageChange={setPage} /> : null}
      {section === 'broker-leads' ? <BrokerLeadsSection /> : null}
      {section === 'videos' ? <VideoApprovalSection /> : null}
      {section === 'thoroughbred' || section === 'startup-breeders' ? <DomainListSection key={section} kind={section} /> : null}
      {section === 'claims' ? <ClaimsSection /> : null}
      {section === 'finance' ? <FinanceSection /> : null}
      {section === 'freelancers' ? <FreelancersSection /> : null}
      {section === 'audit' ? <AuditLogSection /> : null}
    </AdminShell>
  );
}
