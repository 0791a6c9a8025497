import { PRESENCE, REALTIME_CLOSE, REALTIME_PATH } from '@bo/contract/realtime-constants';
import type { RealtimeServerMessage } from '@bo/contract/realtime';

import { useSyncExternalStore } from 'react';

import { CONFIG } from '../config';
import { getHttpToken } from './http';

/** One domain event as the socket delivers it (`kanban.card.moved`, `calendar.event.created`…). */
export type RealtimeEvent = { type: string; payload: unknown };
type Listener = (event: RealtimeEvent) => void;

/** Sent to listeners after a reconnect: events may have been missed, so caches should refetch. */
export const REALTIME_RESYNC = 'realtime.resync';

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;
const PING_MS = 25_000;
/** While signed out (or after a refused token), how often to look for a new token. */
const TOKEN_POLL_MS = 3_000;

/** How often the socket checks that the token it signed in with is still the tab's token. */
const TOKEN_CHECK_MS = 2_000;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let socketToken: string | null = null;
let tokenTimer: number | undefined;
let started = false;
let attempt = 0;
let everReady = false;
let retryTimer: number | undefined;
let pingTimer: number | undefined;
let refusedToken: string | null = null;
let ready = false;
const statusListeners = new Set<() => void>();
let lastActivity = 0;

/**
 * The person used this tab (a key, a click, coming back to it): tell the server at most once a
 * minute, so their presence stays "online" and turns "away" when they leave it alone.
 */
function reportActivity() {
  const now = Date.now();
  if (now - lastActivity < PRESENCE.reportEveryMs || document.visibilityState !== 'visible') return;
  if (socket?.readyState !== WebSocket.OPEN || !ready) return;
  lastActivity = now;
  socket.send(JSON.stringify({ type: 'activity' }));
}
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'focus'] as const;

function setReady(value: boolean) {
  if (ready === value) return;
  ready = value;
  for (const l of statusListeners) l();
}

function socketUrl(): string {
  const url = new URL(`${CONFIG.apiUrl}${REALTIME_PATH}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function emit(event: RealtimeEvent) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // One screen's bad handler must not stop the others from updating.
    }
  }
}

function schedule(delay: number) {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(connect, delay);
}

function connect() {
  if (socket || !started) return;
  const token = getHttpToken();
  // Signed out, or this token was already refused: wait for a new sign-in.
  if (!token || token === refusedToken) {
    schedule(TOKEN_POLL_MS);
    return;
  }
  const ws = new WebSocket(socketUrl());
  socket = ws;
  socketToken = token;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
  ws.onmessage = (message) => {
    let data: RealtimeServerMessage;
    try {
      data = JSON.parse(String(message.data)) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (data.type === 'ready') {
      attempt = 0;
      // Opening the socket counts as activity on the server.
      lastActivity = Date.now();
      setReady(true);
      // After a drop, whatever happened meanwhile was not delivered: let caches refetch.
      if (everReady) emit({ type: REALTIME_RESYNC, payload: null });
      everReady = true;
      window.clearInterval(pingTimer);
      pingTimer = window.setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
      }, PING_MS);
    } else if (data.type === 'event') {
      emit(data.event);
    }
  };
  ws.onclose = (close) => {
    window.clearInterval(pingTimer);
    setReady(false);
    if (socket === ws) socket = null;
    if (!started) return;
    if (close.code === REALTIME_CLOSE.unauthorized) refusedToken = token;
    attempt += 1;
    const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (attempt - 1));
    // Jitter so that a restarted server is not hit by every tab at the same instant.
    schedule(backoff / 2 + Math.random() * (backoff / 2));
  };
}

/** Opens the tab's one socket if it is not open yet (it signs in with the current token). */
export function startRealtime(): void {
  if (started) return;
  started = true;
  // Sign-out or another account's sign-in: drop the socket so it never speaks for the old token.
  tokenTimer = window.setInterval(() => {
    if (socket && getHttpToken() !== socketToken) socket.close(1000);
  }, TOKEN_CHECK_MS);
  for (const name of ACTIVITY_EVENTS)
    window.addEventListener(name, reportActivity, { capture: true, passive: true });
  document.addEventListener('visibilitychange', reportActivity);
  connect();
}

/** Closes the socket (sign-out). */
export function stopRealtime(): void {
  started = false;
  window.clearInterval(tokenTimer);
  for (const name of ACTIVITY_EVENTS)
    window.removeEventListener(name, reportActivity, { capture: true });
  document.removeEventListener('visibilitychange', reportActivity);
  window.clearTimeout(retryTimer);
  window.clearInterval(pingTimer);
  socket?.close(1000);
  socket = null;
  everReady = false;
  attempt = 0;
  setReady(false);
}

/** Listens to every event of the tab's socket (opening it if needed); returns the unsubscribe. */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  startRealtime();
  return () => {
    listeners.delete(listener);
  };
}

function subscribeStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** Whether the tab's socket is signed in right now (the screens' "live" badge). */
export function useRealtimeReady(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => ready,
    () => false,
  );
}
