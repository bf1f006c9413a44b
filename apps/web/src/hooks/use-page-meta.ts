import { useEffect } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface PageMeta {
  /** Page name for the tab ("About Us | Domain Market"); undefined keeps the bare site name. */
  title?: string;
  /** Meta description for search results and link previews. */
  description: string;
}

/**
 * Sets the page title and the meta description while the page is shown. On leaving, the previous
 * description (the one in index.html) comes back, so a page without its own never shows another's.
 */
export function usePageMeta({ title, description }: PageMeta): void {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    let created = false;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
      created = true;
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
