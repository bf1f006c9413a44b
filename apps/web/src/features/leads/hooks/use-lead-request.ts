import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, type To } from 'react-router';
import { BREEDER_REQUEST_CATEGORY, isLeadRequestCategory, type LeadRequestCategory, NegotiationStatus, negotiationMessages } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useAuthSnapshot } from '@/lib/auth-store';
import { serverMessage } from '@/lib/error-text';
import { createDomainLead } from '../api/create-domain-lead';
import { createNegotiationEntry } from '../api/create-negotiation-entry';
import { createNotification } from '../api/create-notification';

export type LeadRequestKind = 'trade' | 'breeder';

/** What a request needs to know about the domain. */
export interface LeadRequestDomain {
  id: number;
  trade_option: string | null;
}

export interface LeadRequestVariables {
  domainId: number;
  category: LeadRequestCategory;
}

/**
 * The notification category: the domain's trade option, or 'Startup Breeders'. Undefined for a
 * trade option the server does not know, which it would refuse.
 */
export function leadCategory(domain: LeadRequestDomain, kind: LeadRequestKind): LeadRequestCategory | undefined {
  if (kind === 'breeder') return BREEDER_REQUEST_CATEGORY;
  return isLeadRequestCategory(domain.trade_option) ? domain.trade_option : undefined;
}

/**
 * The three calls of a trade or breeder request: create (or reuse) the lead,
 * then the notification and the initial negotiation entry (status 1, amount 0) together.
 */
export async function submitLeadRequest({ domainId, category }: LeadRequestVariables): Promise<{ domain_lead_id: number }> {
  const { domain_lead_id } = await createDomainLead({ domain_id: domainId });
  await Promise.all([
    createNotification({ domain_lead_id, category }),
    createNegotiationEntry({ domain_lead_id, amount: 0, status: NegotiationStatus.InitialRequest }),
  ]);
  return { domain_lead_id };
}

export interface UseLeadRequestOptions {
  /**
   * Title of the failure toast. The home search page titles it 'Success' (sic, kept from the
   * original product); elsewhere it defaults to 'Failed!'.
   */
  failureTitle?: string;
  onSuccess?: (result: { domain_lead_id: number }, variables: LeadRequestVariables) => void;
}

export interface RequestLeadOptions {
  /** Where to come back after signing in; defaults to the current location. */
  returnTo?: To;
}

/**
 * Trade and breeder requests. Signed out, it goes to /login remembering where the user was (or
 * `returnTo`) and sends nothing; signed in, it runs the three calls and toasts the outcome:
 * 'Your request is submitted succefully' (sic) or 'Something went wrong!' plus the server's
 * reason when it gave one (e.g. the domain is the user's own).
 */
export function useLeadRequest({ failureTitle = 'Failed!', onSuccess }: UseLeadRequestOptions = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated } = useAuthSnapshot();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: submitLeadRequest,
    onSuccess: (result, variables) => {
      toast.success('Success', negotiationMessages.leadSubmitted);
      // My Stable's badges and lead summary (['stable', ...]) now have one more lead.
      void client.invalidateQueries({ queryKey: ['stable'] });
      onSuccess?.(result, variables);
    },
    onError: (error) => {
      const reason = serverMessage(error);
      toast.error(failureTitle, reason ? `${negotiationMessages.leadFailed} ${reason}` : negotiationMessages.leadFailed);
    },
  });

  const request = (domain: LeadRequestDomain, kind: LeadRequestKind, { returnTo }: RequestLeadOptions = {}): void => {
    if (!isAuthenticated) {
      const from = returnTo ?? { pathname: location.pathname, search: location.search, hash: location.hash };
      navigate('/login', { state: { from } });
      return;
    }
    const category = leadCategory(domain, kind);
    if (!category) {
      toast.error(failureTitle, `${negotiationMessages.leadFailed} ${negotiationMessages.categoryInvalid}`);
      return;
    }
    mutation.mutate({ domainId: domain.id, category });
  };

  return {
    request,
    isPending: mutation.isPending,
    /** The domain whose request is in flight, to disable just its button. */
    pendingDomainId: mutation.isPending ? mutation.variables?.domainId : undefined,
  };
}
