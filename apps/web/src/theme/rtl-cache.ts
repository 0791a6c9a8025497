import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';
import { useEffect, useState } from 'react';
import { cspNonce } from './csp-nonce';

/** Left-to-right styles need no plugin; this cache is made at once. */
export const ltrCache: EmotionCache = createCache({ key: 'css', prepend: true, nonce: cspNonce });

let rtlCache: EmotionCache | null = null;
let loading: Promise<EmotionCache> | null = null;

/**
 * The right-to-left cache flips every style with stylis-plugin-rtl. It is loaded on demand so
 * left-to-right visitors do not download it; main.tsx awaits it before the first paint when the
 * saved direction is rtl, so there is no flash.
 */
export function loadRtl(): Promise<EmotionCache> {
  if (rtlCache) return Promise.resolve(rtlCache);
  loading ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(([stylis, rtl]) => {
    rtlCache = createCache({
      key: 'rtl',
      prepend: true,
      nonce: cspNonce,
      stylisPlugins: [stylis.prefixer, rtl.default],
    });
    return rtlCache;
  });
  return loading;
}

/** The cache for a direction; rtl falls back to ltr for the moment its plugin is loading. */
export function useDirectionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  const [, setReady] = useState(0);
  useEffect(() => {
    if (direction === 'rtl' && !rtlCache) void loadRtl().then(() => setReady((n) => n + 1));
  }, [direction]);
  return direction === 'rtl' && rtlCache ? rtlCache : ltrCache;
}
