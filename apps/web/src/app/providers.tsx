import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useToastRequested } from '@/components/ui/toast';
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

const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazy(loadToaster);

/**
 * notistack stays out of the first bundle: its host loads once the page is idle, or at once
 * when a toast is asked for first (the toast waits for it, see toast.tsx).
 */
function ToastHost() {
  const requested = useToastRequested();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const start = () => void loadToaster().then(() => setIdle(true), () => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(start, 1_000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(start, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return requested || idle ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Everything but the router, so tests can pair it with a MemoryRouter. */
export function BaseProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastHost />
      <QueryClientProvider client={client}>
        <SessionEffects client={client} />
        {children}
      </QueryClientProvider>
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
