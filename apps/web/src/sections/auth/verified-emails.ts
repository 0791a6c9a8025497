import { useSyncExternalStore } from 'react';

/**
 * Addresses verified in this tab. The auth context keeps the user it loaded at sign-in, so the
 * "verify your email" banner reads this too and disappears at once after a successful verify.
 */
const verified = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

export function markEmailVerified(email: string): void {
  verified.add(email.trim().toLowerCase());
  version += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEmailVerifiedHere(email: string | null | undefined): boolean {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return !!email && verified.has(email.trim().toLowerCase());
}
