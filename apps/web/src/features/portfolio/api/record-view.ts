import { api } from '@/lib/api-client';

/**
 * POST /api/domains/{id}/view/ {referrer}: counts a landing-page visit (and, signed in, adds it
 * to the viewer's recently viewed list). A beacon: its failures are nobody's business, so it
 * resolves to whether the view was recorded.
 */
export async function recordView(id: number, referrer: string): Promise<boolean> {
  try {
    await api.post<void>(`/api/domains/${id}/view/`, { referrer });
    return true;
  } catch {
    return false;
  }
}
