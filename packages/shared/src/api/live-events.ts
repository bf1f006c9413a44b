import { z } from 'zod';
import { type LiveEvent, liveEventKinds } from '../live-events.js';

/**
 * GET /api/events: a server-sent events stream per signed-in user. Each event says only what
 * changed, never how: the app refetches what it shows of it, so an event carries no data a
 * party could not already read, and a missed one costs a refetch, not a wrong page.
 */
export const liveEventSchema: z.ZodType<LiveEvent> = z.object({ kind: z.enum(liveEventKinds), id: z.number().int() });

/** The stream's body as the API document describes it (text/event-stream). */
export const liveEventStream = z.string().describe('A text/event-stream of `change` events, each `data:` a JSON {kind, id}.');
