import { useEffect } from 'react';

const SITE = 'Domain Market';

/** Each page names itself in the tab and for screen-reader users arriving on it. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : SITE;
  }, [title]);
}
