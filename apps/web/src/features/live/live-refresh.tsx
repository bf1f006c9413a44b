import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthSnapshot } from '@/lib/auth-store';
import { connectLiveEvents, liveStatus } from '@/lib/live-events';
import { everythingLive, queriesToRefresh } from './refresh-keys';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const isVisible = () => document.visibilityState !== 'hidden';

/**
 * While someone is signed in and the tab is in view, keeps the tab's stream of changes open and
 * refetches what each change makes stale; pages poll only as a fallback while the stream is down.
 * A hidden tab lets its stream go: over HTTP/1.1 a browser opens at most six connections to a
 * site, and a stream in every open tab would leave none for the tab in use. It refetches
 * everything when it is shown again.
 */
export function LiveRefresh() {
  const client = useQueryClient();
  const { token } = useAuthSnapshot();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const connectedBefore = useRef(false);
  useEffect(() => {
    if (!token || !visible) return undefined;
    const resumed = connectedBefore.current;
    let first = true;
    const stop = connectLiveEvents({
      token,
      onEvent: (event) => {
        for (const filters of queriesToRefresh(event)) void client.invalidateQueries(filters);
      },
      onStatus: (up, reconnected) => {
        liveStatus.set(up);
        const missed = reconnected || (up && first && resumed);
        if (up) {
          first = false;
          connectedBefore.current = true;
        }
        if (missed) for (const filters of everythingLive) void client.invalidateQueries(filters);
      },
    });
    return () => {
      stop();
      liveStatus.set(false);
    };
  }, [client, token, visible]);
  return null;
}
