/**
 * The nonce the server put in this page (`<meta name="csp-nonce">`, a new one for every load of
 * the page): style elements the app makes at run time carry it, so the Content-Security-Policy
 * needs no `'unsafe-inline'` for them. The Vite dev server leaves the placeholder: no nonce.
 */
export const cspNonce: string | undefined = (() => {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
  return value && !value.startsWith('__') ? value : undefined;
})();

// notistack's styles (goober) take their nonce from this global.
if (cspNonce) (window as unknown as { __nonce__?: string }).__nonce__ = cspNonce;
