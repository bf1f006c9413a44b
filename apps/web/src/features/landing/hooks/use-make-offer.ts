import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { negotiationMessages } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useAuthSnapshot } from '@/lib/auth-store';
import { createDomainLead } from '@/features/leads/api/create-domain-lead';
import { serverMessage } from '@/lib/error-text';

/**
 * "Make an offer": creates (or reuses) the buyer's lead on the domain, then opens its
 * negotiation page, where the offer is typed. Signed out, it signs in first and comes back to
 * `returnTo` (the landing page with ?action=offer, which resumes it).
 */
export function useMakeOffer() {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuthSnapshot();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (domainId: number) => createDomainLead({ domain_id: domainId }),
    onSuccess: (_lead, domainId) => {
      void client.invalidateQueries({ queryKey: ['stable'] });
      navigate(`/domain-leads/negotiation/${domainId}`);
    },
    onError: (error) => {
      const reason = serverMessage(error);
      toast.error('Failed!', reason ? `${negotiationMessages.leadFailed} ${reason}` : negotiationMessages.leadFailed);
    },
  });
  const makeOffer = (domainId: number, returnTo: string) => {
    if (!isAuthenticated) {
      navigate('/login', { state: { from: returnTo } });
      return;
    }
    mutation.mutate(domainId);
  };
  return { makeOffer, isPending: mutation.isPending };
}
