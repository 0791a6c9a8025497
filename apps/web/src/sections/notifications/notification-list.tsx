import type { NotificationTab } from '@bo/contract/notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { useCursorPages } from '../../lib/use-cursor-pages';
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

/** One page of a tab, and (when it is the last one and `more`) a button that asks for the next. */
function Page({
  tab,
  cursor,
  limit,
  first,
  onMore,
  onOpen,
}: {
  tab: NotificationTab;
  cursor?: string;
  limit: number;
  first: boolean;
  /** Given to the last page of a list that grows: adds the next page below it. */
  onMore?: (cursor: string) => void;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useNotificationsQuery({ tab, cursor, limit });

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
  const next = data.nextCursor;
  return (
    <>
      <List disablePadding>
        {data.notifications.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={onOpen} />
        ))}
      </List>
      {onMore && next && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button onClick={() => onMore(next)}>{t('header.loadMore')}</Button>
        </Box>
      )}
    </>
  );
}

type ListProps = {
  tab: NotificationTab;
  limit?: number;
  more?: boolean;
  onOpen?: () => void;
};

/** Every page asked for so far, each its own query (a push refetches them all). */
function Pages({ tab, limit = 20, more = false, onOpen }: ListProps) {
  const { cursors, more: showMore } = useCursorPages(tab);
  return cursors.map((cursor, index) => (
    <Page
      key={cursor ?? 'first'}
      tab={tab}
      cursor={cursor}
      limit={limit}
      first={index === 0}
      onMore={more && index === cursors.length - 1 ? showMore : undefined}
      onOpen={onOpen}
    />
  ));
}

/**
 * A tab of the person's notifications, newest first: one page in the header's popover, pages
 * added on demand on the full page.
 */
export function NotificationList(props: ListProps) {
  // A new tab starts again from its first page, without asking it for the old tab's cursors.
  return <Pages key={props.tab} {...props} />;
}
