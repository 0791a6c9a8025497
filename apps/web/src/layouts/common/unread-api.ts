import { useEffect, useState } from 'react';

import { useHasAccess } from '../../auth/role-based-guard';
import type { NavUnread } from './unread-live';

/**
 * The navigation's unread counts (mail inbox, chat), kept live: fetched again when the socket
 * says the person's mailbox or one of their conversations changed. The calls and the contract's
 * chat and mail modules they need load after the first paint (unread-live.ts): the counts come
 * from the network a moment later either way.
 */
export function useNavUnread(): NavUnread {
  const mailAllowed = useHasAccess(undefined, ['mail:read']);
  const chatAllowed = useHasAccess(undefined, ['chat:read']);
  const [counts, setCounts] = useState<NavUnread>({ mail: 0, chat: 0 });
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void import('./unread-live').then(({ watchNavUnread }) => {
      if (live) stop = watchNavUnread({ mail: mailAllowed, chat: chatAllowed }, setCounts);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [mailAllowed, chatAllowed]);
  return counts;
}
