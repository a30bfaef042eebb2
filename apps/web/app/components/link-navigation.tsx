import { useEffect, useState } from 'react';
import { PrefetchPageLinks, useNavigate } from 'react-router';

/** How long a pointer rests on a link before its page is warmed, as the router's prefetch="intent". */
const INTENT_DELAY_MS = 100;

const siteAnchor = (target: EventTarget | null): HTMLAnchorElement | null => {
  const anchor = target instanceof Element ? target.closest('a[data-nav]') : null;
  return anchor instanceof HTMLAnchorElement && anchor.origin === window.location.origin ? anchor : null;
};

const pathOf = (url: URL | Location) => url.pathname + url.search + url.hash;

/**
 * One listener for every <SiteLink>: a plain left click becomes a client navigation (as the router's own
 * links do), and resting on an `intent` link discovers its route (the router watches `data-discover`)
 * and warms its code and data. Clicks a handler already took are left alone.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  const [warm, setWarm] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = siteAnchor(event.target);
      if (!anchor || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      event.preventDefault();
      const to = pathOf(new URL(anchor.href));
      navigate(to, {
        // A link to the page one is on replaces the entry, as a plain anchor would.
        replace: to === pathOf(window.location),
        preventScrollReset: anchor.hasAttribute('data-keep-scroll'),
      });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onIntent = (event: Event) => {
      const anchor = siteAnchor(event.target);
      if (!anchor?.hasAttribute('data-intent')) return;
      anchor.dataset.discover = 'true';
      clearTimeout(timer);
      const to = anchor.pathname + anchor.search;
      timer = setTimeout(() => setWarm(to), event.type === 'focusin' ? 0 : INTENT_DELAY_MS);
    };
    const onLeave = (event: Event) => {
      if (siteAnchor(event.target)) clearTimeout(timer);
    };
    const controller = new AbortController();
    const options = { signal: controller.signal };
    document.addEventListener('click', onClick, options);
    document.addEventListener('mouseover', onIntent, options);
    document.addEventListener('focusin', onIntent, options);
    document.addEventListener('mouseout', onLeave, options);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [navigate]);

  return warm ? <PrefetchPageLinks page={warm} /> : null;
}
