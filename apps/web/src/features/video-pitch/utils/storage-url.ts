import { env } from '@/config/env';

/**
 * Storage URLs come from the server. A real bucket gives an absolute URL; the embedded storage
 * may give a path on the API server, which is not this page's origin when the API base is set.
 */
export function resolveStorageUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${env.apiBase}${url}` : url;
}
