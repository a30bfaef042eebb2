import type { AnchorHTMLAttributes } from 'react';

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of this site ("/videos/…"). */
  to: string;
  /** Warm the target's code and data when a pointer rests on the link or it takes focus. */
  intent?: boolean;
  /**
   * Keep the scroll position on navigation (spec §2 stopScroll): a listing's filters, pagination inside a
   * block.
   */
  keepScroll?: boolean;
};

/**
 * A link to one of the site's own pages: a plain anchor, which <LinkNavigation> in the layout turns into a
 * client navigation. The router's <Link> costs several hooks each, a fifth of a listing's server render; its
 * route discovery of every link at load asks for more paths than one manifest request may carry on a
 * listing, and a link to a route not loaded yet (sign-up, from every page) re-rendered the whole page when
 * the answer came. These links are discovered when a visitor means to follow one (docs/decisions/0031).
 */
export function SiteLink({ to, intent, keepScroll, ...rest }: SiteLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      data-nav=""
      data-intent={intent ? '' : undefined}
      data-keep-scroll={keepScroll ? '' : undefined}
    />
  );
}
