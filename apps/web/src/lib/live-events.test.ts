import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeEvent, fakeLiveFetch } from '@/testing/live-stream';
import { connectLiveEvents, LIVE_SAFETY_POLL_MS, liveStatus, parseEventStream, reconnectDelay, usePollingFallback } from './live-events';

describe('parseEventStream', () => {
  it('reads change events, skips comments and unknown kinds, and keeps an unfinished event for the next chunk', () => {
    const text = `retry: 3000\n: open\n\n${changeEvent('order', 4)}: heartbeat\n\n${changeEvent('gossip', 1)}event: change\ndata: {"kind":"negotiation",`;
    const { events, rest } = parseEventStream(text);
    expect(events).toEqual([{ kind: 'order', id: 4 }]);
    expect(parseEventStream(`${rest}"id":9}\n\n`).events).toEqual([{ kind: 'negotiation', id: 9 }]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to thirty', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 5, 10].map((n) => reconnectDelay(n, middle))).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});

describe('connectLiveEvents', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('sends the session key, hands over each event, and reconnects after the stream ends', async () => {
    const live = fakeLiveFetch();
    const events: unknown[] = [];
    const statuses: [boolean, boolean][] = [];
    stops.push(connectLiveEvents({ token: 'k1', fetchImpl: live.fetchImpl, delay: () => 0, onEvent: (e) => events.push(e), onStatus: (up, again) => statuses.push([up, again]) }));
    const first = await live.opened(0);
    expect(live.fetchImpl.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Token k1', Accept: 'text/event-stream' });
    first.send(changeEvent('engagement', 3));
    await vi.waitFor(() => expect(events).toEqual([{ kind: 'engagement', id: 3 }]));
    first.end();
    await live.opened(1);
    // Up, down, and up again as a reconnection (what was missed is refetched).
    await vi.waitFor(() => expect(statuses).toEqual([[true, false], [false, false], [true, true]]));
  });

  it('stops for good when the session has ended (401)', async () => {
    const live = fakeLiveFetch(401);
    const ended = vi.fn();
    stops.push(connectLiveEvents({ token: 'old', fetchImpl: live.fetchImpl, delay: () => 0, onEvent: vi.fn(), onStatus: vi.fn(), onUnauthorized: ended }));
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(live.fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('usePollingFallback', () => {
  afterEach(() => liveStatus.set(false));

  it('polls at the given pace only while the stream is down', () => {
    const { result } = renderHook(() => usePollingFallback(30_000));
    expect(result.current).toBe(30_000);
    act(() => liveStatus.set(true));
    expect(result.current).toBe(LIVE_SAFETY_POLL_MS);
    act(() => liveStatus.set(false));
    expect(result.current).toBe(30_000);
  });
});
