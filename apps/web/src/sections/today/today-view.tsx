import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import MailRounded from '@mui/icons-material/MailRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Permission } from '@bo/contract/roles';
import type { TodayAnswer } from '@bo/contract/today';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { Label } from '../../components/label/label';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { FORMAT_LOCALES, useFormat } from '../../lib/format';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { NotificationItem } from '../notifications/notification-item';
import { useLiveToday, useTodayQuery } from './today-api';

type Day = { from: string; to: string; date: string; at: Date };

const pad = (n: number) => String(n).padStart(2, '0');

/** The person's own day as their browser keeps time: local midnight to the next. */
function localDay(now = new Date()): Day {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return {
    from: start.toISOString(),
    to: end.toISOString(),
    date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    at: start,
  };
}

/** Today's bounds, moved on at midnight while the page stays open. */
function useLocalDay(): Day {
  const [day, setDay] = useState(localDay);
  useEffect(() => {
    const wait = new Date(day.to).getTime() - Date.now() + 1000;
    const timer = window.setTimeout(() => setDay(localDay()), Math.max(wait, 1000));
    return () => window.clearTimeout(timer);
  }, [day]);
  return day;
}

function greetingKey(hour: number) {
  if (hour < 12) return 'today.greeting.morning';
  if (hour < 18) return 'today.greeting.afternoon';
  return 'today.greeting.evening';
}

/** A card of the home: its icon and title, a count, its rows or an empty line, and its link. */
function TodayCard({
  id,
  icon,
  title,
  count,
  link,
  linkLabel,
  loading,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  count?: ReactNode;
  link: string;
  linkLabel: string;
  loading: boolean;
  children: ReactNode;
}) {
  const headingId = `today-${id}-title`;
  const rtl = useTheme().direction === 'rtl';
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={`today-${id}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, pt: 2.5, pb: 1 }}>
        <Avatar
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'primary.lighter', color: 'primary.darker' }}
        >
          {icon}
        </Avatar>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {count}
      </Stack>
      <Box sx={{ flexGrow: 1, px: 1 }}>
        {loading ? (
          <Stack spacing={1.5} sx={{ px: 1.5, py: 1.5 }} aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        ) : (
          children
        )}
      </Box>
      <Box sx={{ px: 1.5, pb: 1.5, pt: 0.5, display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          component={RouterLink}
          to={link}
          size="small"
          color="inherit"
          endIcon={rtl ? <ArrowBackRounded /> : <ArrowForwardRounded />}
        >
          {linkLabel}
        </Button>
      </Box>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      sx={{ color: 'text.secondary', px: 1.5, py: 3, textAlign: 'center' }}
    >
      {children}
    </Typography>
  );
}

/** One row of a card: a link to the record, keyboard reachable as any link. */
function Row({
  to,
  start,
  primary,
  secondary,
  end,
}: {
  to: string;
  start?: ReactNode;
  primary: ReactNode;
  secondary?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        sx={{ gap: 1.5, borderRadius: 1, py: 1, alignItems: 'center' }}
      >
        {start}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {/*
            Names and subjects are in any script: each line takes its own direction, aligned with
            the page's (`left` is flipped to `right` right to left by the theme's RTL styles).
          */}
          <Typography variant="subtitle2" noWrap dir="auto" sx={{ textAlign: 'left' }}>
            {primary}
          </Typography>
          {secondary && (
            <Typography
              variant="body2"
              noWrap
              component="div"
              dir="auto"
              sx={{ color: 'text.secondary', textAlign: 'left' }}
            >
              {secondary}
            </Typography>
          )}
        </Box>
        {end}
      </ListItemButton>
    </ListItem>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A count as a label; screen readers hear it in words ("3 unread messages"). */
function CountLabel({ n, label, color }: { n: number; label: string; color?: 'primary' }) {
  return (
    <Label color={color ?? (n > 0 ? 'primary' : 'default')} sx={{ flexShrink: 0 }}>
      <span aria-hidden="true">{n > 99 ? '99+' : n}</span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Label>
  );
}

/**
 * /dashboard/today — each person's home: a greeting, then a card for each area their role opens
 * (unread mail, chat, cards due, today's events) and their notifications, each with its rows,
 * an empty line when there is nothing, and a link to its screen. Kept live by the socket.
 */
export function TodayView() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const format = useFormat();
  const day = useLocalDay();
  usePageTitle(t('today.title'));
  useLiveToday();
  const { data, isLoading, error, refetch } = useTodayQuery({ from: day.from, to: day.to });

  const may = (permission: Permission) => !!user?.permissions.includes(permission);
  const tag = FORMAT_LOCALES[i18n.language] ?? 'en-US';
  const dates = useMemo(
    () => ({
      long: new Intl.DateTimeFormat(tag, { dateStyle: 'full' }),
      time: new Intl.DateTimeFormat(tag, { timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short' }),
    }),
    [tag],
  );
  const firstName = user?.firstName || user?.displayName || '';
  const greeting = t(greetingKey(new Date().getHours()), { name: firstName });
  const loading = isLoading || (!data && !error);

  const sections: Array<{ key: string; node: ReactNode }> = [];

  if (may('mail:read')) {
    const mail: TodayAnswer['mail'] = data?.mail ?? null;
    sections.push({
      key: 'mail',
      node: (
        <TodayCard
          id="mail"
          icon={<MailRounded fontSize="small" />}
          title={t('today.mail.title')}
          count={
            mail && (
              <CountLabel n={mail.unread} label={t('today.mail.unread', { count: mail.unread })} />
            )
          }
          link={paths.dashboard.mail.root}
          linkLabel={t('today.mail.open')}
          loading={loading}
        >
          {mail && mail.messages.length > 0 ? (
            <List dense aria-label={t('today.mail.title')}>
              {mail.messages.map((m) => (
                <Row
                  key={m.id}
                  to={`${paths.dashboard.mail.root}?mailId=${encodeURIComponent(m.id)}`}
                  start={
                    <Avatar alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
                      {(m.fromName || m.fromEmail).charAt(0).toUpperCase()}
                    </Avatar>
                  }
                  primary={m.fromName || m.fromEmail}
                  secondary={m.subject || t('today.mail.noSubject')}
                  end={
                    <Typography
                      variant="caption"
                      component="time"
                      dateTime={m.createdAt}
                      sx={{ color: 'text.secondary', flexShrink: 0 }}
                    >
                      {format.ago(m.createdAt)}
                    </Typography>
                  }
                />
              ))}
            </List>
          ) : (
            <Empty>{t('today.mail.empty')}</Empty>
          )}
        </TodayCard>
      ),
    });
  }

  if (may('chat:read')) {
    const chat: TodayAnswer['chat'] = data?.chat ?? null;
    sections.push({
      key: 'chat',
      node: (
        <TodayCard
          id="chat"
          icon={<ChatRounded fontSize="small" />}
          title={t('today.chat.title')}
          count={
            chat && (
              <CountLabel n={chat.unread} label={t('today.chat.unread', { count: chat.unread })} />
            )
          }
          link={paths.dashboard.chat.root}
          linkLabel={t('today.chat.open')}
          loading={loading}
        >
          {chat && chat.conversations.length > 0 ? (
            <List dense aria-label={t('today.chat.title')}>
              {chat.conversations.map((c) => (
                <Row
                  key={c.id}
                  to={paths.dashboard.chat.view(c.id)}
                  start={
                    <Avatar
                      alt=""
                      src={c.avatarUrl ?? undefined}
                      sx={{ width: 32, height: 32, fontSize: 14 }}
                    >
                      {c.title.charAt(0).toUpperCase()}
                    </Avatar>
                  }
                  primary={c.title || t('today.chat.untitled')}
                  secondary={c.preview || undefined}
                  end={
                    <CountLabel
                      n={c.unread}
                      color="primary"
                      label={t('today.chat.unread', { count: c.unread })}
                    />
                  }
                />
              ))}
            </List>
          ) : (
            <Empty>{t('today.chat.empty')}</Empty>
          )}
        </TodayCard>
      ),
    });
  }

  if (may('kanban:read')) {
    const kanban: TodayAnswer['kanban'] = data?.kanban ?? null;
    sections.push({
      key: 'kanban',
      node: (
        <TodayCard
          id="kanban"
          icon={<ViewKanbanRounded fontSize="small" />}
          title={t('today.kanban.title')}
          count={
            kanban && (
              <CountLabel
                n={kanban.total}
                label={t('today.kanban.count', { count: kanban.total })}
              />
            )
          }
          link={paths.dashboard.kanban}
          linkLabel={t('today.kanban.open')}
          loading={loading}
        >
          {kanban && kanban.cards.length > 0 ? (
            <List dense aria-label={t('today.kanban.title')}>
              {kanban.cards.map((c) => (
                <Row
                  key={c.id}
                  to={`${paths.dashboard.kanban}?card=${encodeURIComponent(c.id)}`}
                  primary={c.name}
                  secondary={c.column}
                  end={
                    <Label color={c.overdue ? 'error' : 'default'} sx={{ flexShrink: 0 }}>
                      {c.overdue
                        ? t('today.kanban.overdue')
                        : t('today.kanban.due', { date: dates.day.format(new Date(c.dueAt)) })}
                    </Label>
                  }
                />
              ))}
            </List>
          ) : (
            <Empty>{t('today.kanban.empty')}</Empty>
          )}
        </TodayCard>
      ),
    });
  }

  if (may('calendar:read')) {
    const calendar: TodayAnswer['calendar'] = data?.calendar ?? null;
    sections.push({
      key: 'calendar',
      node: (
        <TodayCard
          id="calendar"
          icon={<CalendarMonthRounded fontSize="small" />}
          title={t('today.calendar.title')}
          count={
            calendar && (
              <CountLabel
                n={calendar.total}
                label={t('today.calendar.count', { count: calendar.total })}
              />
            )
          }
          link={`${paths.dashboard.calendar}?date=${day.date}`}
          linkLabel={t('today.calendar.open')}
          loading={loading}
        >
          {calendar && calendar.events.length > 0 ? (
            <List dense aria-label={t('today.calendar.title')}>
              {calendar.events.map((e) => {
                const start = new Date(e.start);
                const when = e.allDay
                  ? t('today.calendar.allDay')
                  : start < day.at
                    ? t('today.calendar.until', { time: dates.time.format(new Date(e.end)) })
                    : `${dates.time.format(start)} – ${dates.time.format(new Date(e.end))}`;
                return (
                  <Row
                    key={e.id}
                    to={`${paths.dashboard.calendar}?date=${day.date}&event=${encodeURIComponent(e.id)}`}
                    start={
                      <Box
                        aria-hidden
                        sx={{
                          width: 4,
                          alignSelf: 'stretch',
                          borderRadius: 1,
                          bgcolor: e.color,
                          flexShrink: 0,
                        }}
                      />
                    }
                    primary={e.title}
                    secondary={when}
                  />
                );
              })}
            </List>
          ) : (
            <Empty>{t('today.calendar.empty')}</Empty>
          )}
        </TodayCard>
      ),
    });
  }

  const notifications = data?.notifications ?? null;
  sections.push({
    key: 'notifications',
    node: (
      <TodayCard
        id="notifications"
        icon={<NotificationsRounded fontSize="small" />}
        title={t('today.notifications.title')}
        count={
          notifications && (
            <CountLabel
              n={notifications.unread}
              label={t('today.notifications.unread', { count: notifications.unread })}
            />
          )
        }
        link={paths.dashboard.notifications}
        linkLabel={t('today.notifications.open')}
        loading={loading}
      >
        {notifications && notifications.notifications.length > 0 ? (
          <List dense disablePadding aria-label={t('today.notifications.title')}>
            {notifications.notifications.map((n) => (
              <NotificationItem key={n.id} n={n} />
            ))}
          </List>
        ) : (
          <Empty>{t('today.notifications.empty')}</Empty>
        )}
      </TodayCard>
    ),
  });

  if (may('dashboards:app')) {
    sections.push({
      key: 'app',
      node: (
        <TodayCard
          id="app"
          icon={<DashboardRounded fontSize="small" />}
          title={t('today.app.title')}
          link={paths.dashboard.general.app}
          linkLabel={t('today.app.open')}
          loading={false}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 1.5, py: 1 }}>
            {t('today.app.description')}
          </Typography>
        </TodayCard>
      ),
    });
  }

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 5 }, alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" gutterBottom data-testid="today-greeting">
            {greeting}
          </Typography>
          <Typography variant="body1" component="p" sx={{ color: 'text.secondary' }}>
            <time dateTime={day.date}>{dates.long.format(day.at)}</time>
          </Typography>
        </Box>
      </Stack>
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('today.retry')}
            </Button>
          }
        >
          {translateError(t, error)}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        {sections.map((s) => (
          <Grid key={s.key} size={{ xs: 12, md: 6, xl: 4 }}>
            {s.node}
          </Grid>
        ))}
      </Grid>
    </>
  );
}
