/**
 * Live events (GET /api/events): what changed, never how. Constants apart from the schema
 * (api/live-events.ts), so the web app's first bundle can use them without zod.
 */
export const liveEventKinds = ['order', 'negotiation', 'engagement', 'notification', 'lease'] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

/**
 * One change: the order's or engagement's id; for a negotiation the domain's id (its page is per
 * domain); for a notification the recipient's own id (their list changed).
 */
export interface LiveEvent {
  kind: LiveEventKind;
  id: number;
}

/** The SSE `event:` name of a change; comments (heartbeats) carry no event. */
export const LIVE_EVENT_NAME = 'change';

/** How often the stream sends a comment line, so proxies and load balancers keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;
