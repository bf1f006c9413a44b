import type { DomainStatus, NameserverState, YesNo } from '@market/shared';

/**
 * The Domain shape the API answers (server: domains.presenter.ts; docs/api.md). Public
 * responses never carry the owner's private data, only a first and last name.
 */
export interface Domain {
  id: number;
  /** The name as people read it (Unicode for IDNs). */
  domain_name: string;
  /** The ASCII (punycode) form. */
  domain_ascii: string;
  domain_extension: string;
  business_status: string;
  /** business_status, or 'Enquire' when it is empty. */
  business_status_label: string;
  seller_price: number;
  buyer_price: number;
  min_offer: number;
  trade_option: string | null;
  trade_switch: YesNo;
  startup_breeders: string | null;
  startup_breeders_switch: YesNo;
  description: string | null;
  visits: number;
  video_pitch_leads: number;
  status: DomainStatus;
  /** Pending approval, Approved or Denied. */
  status_label: string;
  is_approved: boolean;
  sale_status: string;
  created_at: string;
  updated_at: string;
  /**
   * The pitches the caller may play (GET /api/domains/get_video/{id}): filled on one domain and
   * on the owner's portfolio, always empty on search rows and other lists (docs/api.md).
   */
  videos: DomainVideo[];
  user: { id: number; first_name: string; last_name: string };
}

/** One entry of Domain.videos (server: videos.presenter.ts); the uploader is named, never e-mailed. */
export interface DomainVideo {
  id: number;
  status: string;
  status_label: string;
  uploader: { id: number; first_name: string; last_name: string };
}

/** What the owner (and admins) also see: review and nameserver state. */
export interface OwnDomain extends Domain {
  reviewed_at: string | null;
  ns_status: NameserverState;
  ns_status_label: string;
  ns_checked_at: string | null;
}

