import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router';

/** External targets (other origins, tel:, mailto:) must stay plain anchors. */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * Lets MUI's Link and Button take an `href` and still navigate client-side (MUI routing guide):
 * the theme installs this as the default link component.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string }>(
  function LinkBehavior({ href = '', ...props }, ref) {
    if (isExternalHref(href)) return <a ref={ref} href={href} {...props} />;
    return <RouterLink ref={ref} to={href} {...props} />;
  },
);
