import { z } from 'zod';

/**
 * GET /api/events: a server-sent events stream per signed-in user. Each event says only what
 * changed, never how: the app refetches what it shows of it, so an event carries no data a
 * party could not already read, and a missed one costs a refetch, not a wrong page.
 */
export const liveEventKinds = ['order', 'negotiation', 'engagement', 'notification'] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

export const liveEventSchema = z.object({
  kind: z.enum(liveEventKinds),
  /**
   * The order's or engagement's id; for a negotiation the domain's id (its page is per domain);
   * for a notification the recipient's own id (their list changed).
   */
  id: z.number().int(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The SSE `event:` name of a change; comments (heartbeats) carry no event. */
export const LIVE_EVENT_NAME = 'change';

/** How often the stream sends a comment line, so proxies and load balancers keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;

/** The stream's body as the API document describes it (text/event-stream). */
export const liveEventStream = z.string().describe('A text/event-stream of `change` events, each `data:` a JSON {kind, id}.');
