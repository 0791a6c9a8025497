// The light table, not '@bo/contract/analytics': that module's schemas would weigh on first load.
import { ANALYTICS_API } from '@bo/contract/analytics-paths';
import { useEffect, useRef } from 'react';

const VIEWS_URL = ANALYTICS_API.views;

/**
 * First-party analytics: one beacon to our own API per page change, public pages included. No
 * cookie and nothing personal: the path without its query, and where the visit came from (the
 * browser's referrer on arrival, then the previous page of the app).
 */
export function usePageViewBeacon(pathname: string) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const referrer =
      previous.current === null
        ? document.referrer
        : `${window.location.origin}${previous.current}`;
    previous.current = pathname;
    const body = JSON.stringify({ path: pathname, referrer: referrer.slice(0, 2000) });
    try {
      const sent =
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(VIEWS_URL, new Blob([body], { type: 'application/json' }));
      if (!sent) {
        void fetch(VIEWS_URL, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
          keepalive: true,
        }).catch(() => undefined);
      }
    } catch {
      // Analytics never gets in the way of the page.
    }
  }, [pathname]);
}
