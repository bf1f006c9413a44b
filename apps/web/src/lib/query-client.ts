import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * Client errors (4xx) are answers, not glitches: retrying them only delays the message. Network
 * and 5xx failures get one retry for queries; mutations never retry (they are not idempotent).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 && (!isApiError(error) || error.isServerError),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
