import { useSyncExternalStore } from 'react';
import { LIVE_EVENT_NAME, LIVE_HEARTBEAT_MS, type LiveEvent, liveEventKinds } from '@market/shared';
import { buildUrl } from './api-client';

/**
 * The signed-in user's stream of changes (GET /api/events, server-sent events). Read with fetch,
 * not EventSource: the session key travels in the Authorization header, which EventSource cannot
 * send. Not counted by the request tracker: it stays open for as long as the page does.
 */

/** Silence this long (two heartbeats missed) means the stream died quietly; it is opened again. */
const SILENCE_MS = LIVE_HEARTBEAT_MS * 2 + 5_000;
/** While the stream is up, pages still poll this seldom: a change no event announced shows in the end. */
export const LIVE_SAFETY_POLL_MS = 5 * 60_000;

/** Waits before the next attempt: 1 s, 2 s, 4 s... up to 30 s, with some jitter so tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * The shared schema's check without zod: this module is in the first bundle (pages poll through
 * it), which zod is kept out of.
 */
function asLiveEvent(value: unknown): LiveEvent | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { kind, id } = value as Record<string, unknown>;
  return liveEventKinds.includes(kind as LiveEvent['kind']) && Number.isInteger(id) ? { kind: kind as LiveEvent['kind'], id: id as number } : undefined;
}

/** The events of a chunk of text/event-stream; `rest` is an unfinished event to prepend to the next chunk. */
export function parseEventStream(text: string): { events: LiveEvent[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: LiveEvent[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const name = lines.find((l) => l.startsWith('event:'))?.slice(6).trim() ?? 'message';
    const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
    if (name !== LIVE_EVENT_NAME || !data) continue;
    try {
      const event = asLiveEvent(JSON.parse(data));
      if (event) events.push(event);
    } catch {
      // Not ours to understand: skipped, as the stream format allows.
    }
  }
  return { events, rest };
}

export interface LiveConnectionOptions {
  token: string;
  onEvent(event: LiveEvent): void;
  /** Up or down; `reconnected` when it came back after being down (events may have been missed). */
  onStatus(up: boolean, reconnected: boolean): void;
  /** The session ended (401): no retry; the next API call signs the user out. */
  onUnauthorized?(): void;
  fetchImpl?: typeof fetch;
  delay?: (attempt: number) => number;
}

/** Keeps the stream open, reconnecting with back-off, until the answered function stops it. */
export function connectLiveEvents({ token, onEvent, onStatus, onUnauthorized, fetchImpl = (...a) => fetch(...a), delay = reconnectDelay }: LiveConnectionOptions): () => void {
  let stopped = false;
  let current: AbortController | undefined;
  let wake: (() => void) | undefined;

  async function readUntilEnd(body: ReadableStream<Uint8Array>, controller: AbortController) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let silence = setTimeout(() => controller.abort(), SILENCE_MS);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(() => controller.abort(), SILENCE_MS);
        const { events, rest } = parseEventStream(buffer + decoder.decode(value, { stream: true }));
        buffer = rest;
        for (const event of events) onEvent(event);
      }
    } finally {
      clearTimeout(silence);
    }
  }

  async function run() {
    let attempt = 0;
    let wasUp = false;
    while (!stopped) {
      const controller = new AbortController();
      current = controller;
      try {
        const res = await fetchImpl(buildUrl('/api/events/'), {
          headers: { Accept: 'text/event-stream', Authorization: `Token ${token}` },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (res.status === 401) {
          stopped = true;
          onUnauthorized?.();
          break;
        }
        if (res.ok && res.body) {
          onStatus(true, wasUp);
          wasUp = true;
          attempt = 0;
          await readUntilEnd(res.body, controller);
        }
      } catch {
        // Network gone, server restarting, stream aborted: try again below.
      }
      if (stopped) break;
      onStatus(false, false);
      await new Promise<void>((resume) => {
        const timer = setTimeout(resume, delay(attempt));
        wake = () => {
          clearTimeout(timer);
          resume();
        };
      });
      attempt += 1;
    }
  }

  void run();
  return () => {
    stopped = true;
    current?.abort();
    wake?.();
  };
}

/** Whether this tab's stream is up; pages poll less while it is. */
let up = false;
const listeners = new Set<() => void>();

export const liveStatus = {
  isUp: (): boolean => up,
  set(next: boolean): void {
    if (next === up) return;
    up = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * A query's refetch interval: `ms` while the stream is down (polling is the fallback), rarely
 * while it is up (the events say when to refetch).
 */
export function usePollingFallback(ms: number): number {
  const streamUp = useSyncExternalStore(liveStatus.subscribe, liveStatus.isUp, () => false);
  return streamUp ? Math.max(ms, LIVE_SAFETY_POLL_MS) : ms;
}
