/**
 * What `npm run bench` measures for notifications: the bell's count and the popover's first page
 * (the administrator receives every new order's notification, so their list grows with the shop).
 */
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isList = (b: unknown) =>
  isObject(b) &&
  Array.isArray(b.notifications) &&
  typeof b.total === 'number' &&
  typeof b.unreadCount === 'number';

export async function prepareNotificationBench(fetchJson: JsonFetch): Promise<null> {
  const res = await fetchJson('GET', '/api/notifications?limit=1');
  if (res.status !== 200 || !isList(res.body)) throw new Error('notifications do not answer');
  return null;
}

export const notificationScenarios: BenchScenario<null>[] = [
  {
    name: 'notifications list (the popover: all, first page)',
    method: 'GET',
    url: () => '/api/notifications?tab=all&limit=20',
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'notifications unread count (the bell)',
    method: 'GET',
    url: () => '/api/notifications?tab=unread&limit=1',
    expectedStatus: 200,
    check: isList,
  },
];
