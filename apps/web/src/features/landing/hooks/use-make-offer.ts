import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NegotiationStatus, negotiationMessages } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useAuthSnapshot } from '@/lib/auth-store';
import { createDomainLead } from '@/features/leads';
import { createNegotiationEntry } from '@/features/leads';
import { serverMessage } from '@/lib/error-text';

export interface OpenNegotiationVariables {
  domainId: number;
  /** Also hand the deal to the Broker Team (negotiation status 5). */
  broker?: boolean;
}

async function openNegotiation({ domainId, broker }: OpenNegotiationVariables) {
  const lead = await createDomainLead({ domain_id: domainId });
  if (broker) await createNegotiationEntry({ domain_lead_id: lead.domain_lead_id, amount: null, status: NegotiationStatus.AssignBroker });
  return lead;
}

/**
 * "Make an offer" and "Ask a broker": create (or reuse) the buyer's lead on the domain (and, for
 * the broker, ask for one), then open its negotiation page, where the offer is typed. Signed out,
 * it signs in first and comes back to `returnTo` (the landing page with ?action=, which resumes it).
 */
export function useMakeOffer() {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuthSnapshot();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: openNegotiation,
    onSuccess: (_lead, { domainId, broker }) => {
      if (broker) toast.success('Success', negotiationMessages.brokerAssigned);
      void client.invalidateQueries({ queryKey: ['stable'] });
      navigate(`/domain-leads/negotiation/${domainId}`);
    },
    onError: (error) => {
      const reason = serverMessage(error);
      toast.error('Failed!', reason ? `${negotiationMessages.leadFailed} ${reason}` : negotiationMessages.leadFailed);
    },
  });
  const start = (variables: OpenNegotiationVariables, returnTo: string) => {
    if (!isAuthenticated) {
      navigate('/login', { state: { from: returnTo } });
      return;
    }
    mutation.mutate(variables);
  };
  return {
    makeOffer: (domainId: number, returnTo: string) => start({ domainId }, returnTo),
    askBroker: (domainId: number, returnTo: string) => start({ domainId, broker: true }, returnTo),
    isPending: mutation.isPending,
  };
}
