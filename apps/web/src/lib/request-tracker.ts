import { useSyncExternalStore } from 'react';

/**
 * Counts API requests in flight for the progress bar and the
 * loading flag; counting (not a boolean) keeps the bar up until the last parallel call ends.
 */
let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const requestTracker = {
  start(): void {
    pending += 1;
    notify();
  },
  end(): void {
    pending = Math.max(0, pending - 1);
    notify();
  },
  pending: (): number => pending,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePendingRequests(): number {
  return useSyncExternalStore(requestTracker.subscribe, requestTracker.pending, requestTracker.pending);
}

export function useIsLoading(): boolean {
  return usePendingRequests() > 0;
}
