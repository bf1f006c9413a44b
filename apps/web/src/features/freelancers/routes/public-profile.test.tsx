import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils';
import PublicProfileRoute from './public-profile';

describe('public profile inside the app', () => {
  it('loads the server-rendered page', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderRoute(<PublicProfileRoute />, { at: '/freelancers/7', path: '/freelancers/:id' });
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/freelancers/7'));
    vi.unstubAllGlobals();
  });
});
