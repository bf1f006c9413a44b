import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthSnapshot } from '@/lib/auth-store';
import { connectLiveEvents, liveStatus } from '@/lib/live-events';
import { everythingLive, queriesToRefresh } from './refresh-keys';

/**
 * While someone is signed in, keeps this tab's stream of changes open and refetches what each
 * change makes stale; pages poll only as a fallback while the stream is down.
 */
export function LiveRefresh() {
  const client = useQueryClient();
  const { token } = useAuthSnapshot();
  useEffect(() => {
    if (!token) return undefined;
    const stop = connectLiveEvents({
      token,
      onEvent: (event) => {
        for (const filters of queriesToRefresh(event)) void client.invalidateQueries(filters);
      },
      onStatus: (up, reconnected) => {
        liveStatus.set(up);
        if (reconnected) for (const filters of everythingLive) void client.invalidateQueries(filters);
      },
    });
    return () => {
      stop();
      liveStatus.set(false);
    };
  }, [client, token]);
  return null;
}
