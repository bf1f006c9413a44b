import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveStatus } from '@/lib/live-events';
import { changeEvent, fakeLiveFetch } from '@/testing/live-stream';
import { signIn } from '@/testing/test-utils';
import { LiveRefresh } from './live-refresh';

const KEYS = {
  order5: ['orders', 5],
  order6: ['orders', 6],
  orders: ['orders'],
  negotiation9: ['stable', 'negotiation', 9],
  negotiation10: ['stable', 'negotiation', 10],
  engagement3: ['engagements', 3],
  engagement3Messages: ['engagements', 3, 'messages'],
  engagement4: ['engagements', 4],
  notifications: ['notifications', 20],
  counts: ['stable', 'counts'],
} as const;

function setUp() {
  const live = fakeLiveFetch();
  vi.stubGlobal('fetch', live.fetchImpl);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  const invalidated = () => Object.entries(KEYS).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name);
  const reset = () => {
    for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  };
  return { live, client, invalidated, reset };
}

describe('LiveRefresh', () => {
  afterEach(() => liveStatus.set(false));

  it('refetches exactly what each change makes stale', async () => {
    signIn();
    const { live, client, invalidated, reset } = setUp();
    render(
      <QueryClientProvider client={client}>
        <LiveRefresh />
      </QueryClientProvider>,
    );
    const stream = await live.opened(0);
    await waitFor(() => expect(liveStatus.isUp()).toBe(true));

    stream.send(changeEvent('order', 5));
    await waitFor(() => expect(invalidated()).toEqual(['order5', 'orders', 'counts']));
    reset();
    stream.send(changeEvent('negotiation', 9));
    await waitFor(() => expect(invalidated()).toEqual(['orders', 'negotiation9', 'counts']));
    reset();
    stream.send(changeEvent('engagement', 3));
    await waitFor(() => expect(invalidated()).toEqual(['engagement3', 'engagement3Messages']));
    reset();
    stream.send(changeEvent('notification', 7));
    await waitFor(() => expect(invalidated()).toEqual(['notifications', 'counts']));
  });

  it('leaves pages to poll while the stream is down, and refetches everything when it is back', async () => {
    signIn();
    const { live, client, invalidated } = setUp();
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <LiveRefresh />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(liveStatus.isUp()).toBe(true));
    (await live.opened(0)).end();
    await waitFor(() => expect(liveStatus.isUp()).toBe(false));
    // Reconnected after the back-off: what changed meanwhile is fetched again.
    await live.opened(1);
    await waitFor(() => expect(liveStatus.isUp()).toBe(true), { timeout: 5_000 });
    await waitFor(() => expect(invalidated()).toEqual(Object.keys(KEYS)));
    unmount();
    expect(liveStatus.isUp()).toBe(false);
  });

  it('lets the stream go while the tab is hidden, and refetches everything when it is shown again', async () => {
    signIn();
    const { live, client, invalidated } = setUp();
    let state: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const show = (next: DocumentVisibilityState) => {
      state = next;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    render(
      <QueryClientProvider client={client}>
        <LiveRefresh />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(liveStatus.isUp()).toBe(true));
    act(() => show('hidden'));
    expect(liveStatus.isUp()).toBe(false);
    expect(invalidated()).toEqual([]);
    act(() => show('visible'));
    await live.opened(1);
    await waitFor(() => expect(liveStatus.isUp()).toBe(true));
    await waitFor(() => expect(invalidated()).toEqual(Object.keys(KEYS)));
  });

  it('opens no stream while no one is signed in', async () => {
    const { live, client } = setUp();
    render(
      <QueryClientProvider client={client}>
        <LiveRefresh />
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(live.fetchImpl).not.toHaveBeenCalled();
  });
});
