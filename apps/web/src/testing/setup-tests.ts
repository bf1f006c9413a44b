import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';

// findBy* waits up to 1 s by default: too short for a lazy route chunk on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Session cookies (the home intro's) do not carry over from one test to the next.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  authStore.reload();
  // jsdom does not implement scrolling; the layout scrolls to top on navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
