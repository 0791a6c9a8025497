import type { NotificationTab } from '@bo/contract/notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { NotificationItem } from './notification-item';
import { useNotificationsQuery } from './notifications-api';

function Loading({ rows }: { rows: number }) {
  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Stack key={i} direction="row" spacing={2}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="80%" />
            <Skeleton width="40%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** One page of a tab, and (when `more`) a button that adds the next page below it. */
function Page({
  tab,
  cursor,
  limit,
  more,
  first,
  onOpen,
}: {
  tab: NotificationTab;
  cursor?: string;
  limit: number;
  more: boolean;
  first: boolean;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useNotificationsQuery({ tab, cursor, limit });
  const [next, setNext] = useState<string | null>(null);

  if (isLoading) return <Loading rows={first ? 4 : 2} />;
  if (isError || !data) {
    return (
      <EmptyContent
        title={t('header.notificationsFailed')}
        action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (first && data.notifications.length === 0) {
    return (
      <EmptyContent
        title={tab === 'archived' ? t('header.noArchived') : t('header.noNotifications')}
        description={tab === 'archived' ? undefined : t('header.noNotificationsHint')}
      />
    );
  }
  return (
    <>
      <List disablePadding>
        {data.notifications.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={onOpen} />
        ))}
      </List>
      {next ? (
        <Page tab={tab} cursor={next} limit={limit} more={more} first={false} onOpen={onOpen} />
      ) : (
        more &&
        data.nextCursor && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={() => setNext(data.nextCursor)}>{t('header.loadMore')}</Button>
          </Box>
        )
      )}
    </>
  );
}

/**
 * A tab of the person's notifications, newest first: one page in the header's popover, pages
 * added on demand on the full page.
 */
export function NotificationList({
  tab,
  limit = 20,
  more = false,
  onOpen,
}: {
  tab: NotificationTab;
  limit?: number;
  more?: boolean;
  onOpen?: () => void;
}) {
  return <Page key={tab} tab={tab} limit={limit} more={more} first onOpen={onOpen} />;
}
