/** Business constants, one place for both sides (listed in docs/product.md section 5). */
export const TOAST_TIMEOUT_MS = 3000;
export const INTRO_ANIMATION_MS = 3000;
/**
 * Session cookie set once the home intro has played: the server leaves the intro out of the
 * prerendered home page and the app does not play it again in this browser session.
 */
export const INTRO_SEEN_COOKIE = 'market_intro';
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_PAGE_SIZES = [10, 25, 50, 100, 200, 'All'] as const;
export const USER_GRID_PAGE_SIZE = 10;
/**
 * Most users GET /api/domains/users/ returns when the client asks for no page (an admin client
 * that pages by itself wants the whole list); X-Total-Count still counts them all.
 */
export const USER_LIST_CAP = 10_000;
export const TABLE_PREVIEW_ROWS = 10;
export const PORTFOLIO_FETCH = { page: 1, limit: 1000 } as const;

export const MAX_UPLOAD_BYTES = 2_097_152;
export const OFFER_VALIDITY_DAYS = 7;
export const COMMISSION_RATE = 0.1;
export const COMMISSION_BUYER_SHARE = 0.5;
export const BUY_NOW_REQUIRED_BELOW = 10_000;
export const BROKER_ABOVE = 50_000;
export const BREEDER_BUDGET_ABOVE = 10_000;
export const STATIC_STAR_RATING = 4;
export const MINIMUM_AGE = 18;

export const SPONSORED_PRICES = { 'Buy Now': 5, 'Trade Domains': 3, 'Startup Breeders': 10 } as const;

/** Field length limits shared by forms and the API. */
export const FIELD_LIMITS = {
  name: 150,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  country: 100,
  providerToken: 8192,
} as const;

export const DEFAULT_AFTER_LOGIN = '/my_stable';
