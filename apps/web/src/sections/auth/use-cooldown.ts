import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may run again (resend a code); `start(n)` begins a countdown. */
export function useCooldown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const startedAt = Date.now();
    setNow(startedAt);
    setUntil(startedAt + seconds * 1000);
  }, []);

  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}
