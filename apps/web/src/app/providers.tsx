import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BrowserRouter } from 'react-router';
import { TOAST_TIMEOUT_MS } from '@market/shared';
import { toastComponents } from '@/components/ui/toast-content';
import { useRefreshUserOnStart } from '@/features/auth';
import { authStore, useAuthSnapshot } from '@/lib/auth-store';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { theme } from './theme';

/**
 * Cached server data belongs to whoever was signed in: drop it whenever the session changes
 * hands (logout, 401, another account), so the next user never sees the last one's data.
 */
function useClearCacheOnSessionChange(client: QueryClient): void {
  useEffect(() => {
    let token = authStore.getToken();
    return authStore.subscribe(() => {
      const next = authStore.getToken();
      if (next !== token) {
        if (token !== null) client.clear();
        token = next;
      }
    });
  }, [client]);
}

function SessionEffects({ client }: { client: QueryClient }) {
  useRefreshUserOnStart();
  useClearCacheOnSessionChange(client);
  return null;
}

// Loaded once someone is signed in: it reaches into several features, which the first page of a
// visitor does not need.
const LiveRefresh = lazy(() => import('@/features/live').then((m) => ({ default: m.LiveRefresh })));

/** The signed-in user's stream of changes, which keeps their open pages current. */
function LiveEvents() {
  const { isAuthenticated } = useAuthSnapshot();
  return isAuthenticated ? (
    <Suspense fallback={null}>
      <LiveRefresh />
    </Suspense>
  ) : null;
}

/**
 * Toasts sit at the bottom: at the top they covered the header's buttons for their 3 seconds
 * (Log in after a wrong password, the account buttons after deleting a domain). Below 600 px
 * notistack stretches them across the screen, 16 px from each edge. Each is role="alert", so
 * screen readers announce it wherever it is.
 */
const TOAST_PLACE = { vertical: 'bottom', horizontal: 'left' } as const;

/** Everything but the router, so tests can pair it with a MemoryRouter. */
export function BaseProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        autoHideDuration={TOAST_TIMEOUT_MS}
        maxSnack={3}
        anchorOrigin={TOAST_PLACE}
        Components={toastComponents}
      >
        <QueryClientProvider client={client}>
          <SessionEffects client={client} />
          {children}
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      {/* Here, not in BaseProviders: component tests render pages without a stream to mock. */}
      <LiveEvents />
      <BrowserRouter>{children}</BrowserRouter>
    </BaseProviders>
  );
}
