import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Mail, MailLabel, MailSystemLabel, MailUpdateBody } from '@bo/contract/mail';
import { MAIL_SYSTEM_LABELS, MAIL_UNDO_SECONDS } from '@bo/contract/mail-constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { notifyWithUndo } from '../../lib/notify-undo';
import { mergeSearchParams } from '../../lib/search-params';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useAuth } from '../../auth/auth-context';
import {
  useDeleteMailsMutation,
  useMailLabelsQuery,
  useMailListInfiniteQuery,
  useMailLive,
  useMailQuery,
  useSendMailMutation,
  useUpdateMailsMutation,
} from './mail-api';
import type { ComposeInitial, ComposeResult } from './mail-compose';
import { MailCompose, preloadComposeEditor } from './mail-compose';
import type { ComposeMode } from './mail-details';
import { MailDetails } from './mail-details';
import type { BulkAction } from './mail-list';
import { MailList } from './mail-list';
import { MailNav } from './mail-nav';
import { MAIL_SHORTCUT_KEYS, mailShortcutKeys, mailShortcutLabel } from './mail-shortcuts';

const DENSE_KEY = 'bo-mail-dense';
const SHORTCUTS = [...MAIL_SHORTCUT_KEYS, 'Escape'] as const;

const isSystem = (v: string | null): v is MailSystemLabel =>
  !!v && (MAIL_SYSTEM_LABELS as readonly string[]).includes(v);

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The mail client: folders and labels, the list, the conversation, the compose window. The folder,
 * label, search and open message live in the URL (`?systemLabel=`, `?customLabel=`, `?q=`,
 * `?mailId=`), so a view can be shared and the back button works.
 */
export function MailView({ defaultLabel = 'inbox' }: { defaultLabel?: MailSystemLabel }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const customLabel = params.get('customLabel');
  const systemLabel = isSystem(params.get('systemLabel'))
    ? (params.get('systemLabel') as MailSystemLabel)
    : customLabel
      ? undefined
      : defaultLabel;
  const q = params.get('q') ?? '';
  const openId = params.get('mailId');
  const view = customLabel ?? systemLabel ?? defaultLabel;

  useMailLive();
  const labels = useMailLabelsQuery();
  const listArgs = useMemo(
    () => ({ ...(customLabel ? { customLabel } : { systemLabel }), ...(q ? { q } : {}) }),
    [customLabel, systemLabel, q],
  );
  const list = useMailListInfiniteQuery(listArgs);
  const mails = useMemo(() => list.data?.pages.flatMap((p) => p.mails) ?? [], [list.data]);
  const open = useMailQuery(openId ?? '', { skip: !openId });
  const openMailData = open.data?.mail;
  const [update] = useUpdateMailsMutation();
  const [remove, removing] = useDeleteMailsMutation();
  const [send] = useSendMailMutation();

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState(-1);
  const [dense, setDense] = useState(() => localStorage.getItem(DENSE_KEY) === '1');
  const [navOpen, setNavOpen] = useState(false);
  const [compose, setCompose] = useState<{ key: number; initial: ComposeInitial } | null>(null);
  const [pending, setPending] = useState<{ result: ComposeResult; timer: number } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [help, setHelp] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  // A new folder, label or search starts with nothing selected and the cursor at the top.
  useEffect(() => {
    setSelected(new Set());
    setCursor(-1);
  }, [view, q]);

  const go = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((prev) => mergeSearchParams(prev, changes), { replace: false }),
    [setParams],
  );

  const labelList = labels.data?.labels ?? [];
  const current = labelList.find((l) => l.id === view);
  const title = current
    ? current.type === 'system'
      ? t(`mail.folders.${current.id}`)
      : current.name
    : t(`mail.folders.${isSystem(view) ? view : 'inbox'}`);

  const change = useCallback(
    async (ids: string[], changes: MailUpdateBody['changes'], done?: string) => {
      if (!ids.length) return;
      try {
        // A row is a conversation: its messages in the same folder change with it.
        await update({ mailIds: ids, changes, conversations: true }).unwrap();
        if (done) notify(done);
      } catch (error) {
        notify.error(translateError(t, error));
      }
    },
    [update, t],
  );

  const openMail = useCallback(
    (mail: Mail) => {
      if (mail.folder === 'drafts') {
        editDraft(mail);
        return;
      }
      go({ mailId: mail.id });
      if (mail.isUnread) void change([mail.id], { isUnread: false });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [go, change],
  );

  const bulk = useCallback(
    (action: BulkAction, ids: string[]) => {
      if (!ids.length) return;
      const closeIfOpen = () => {
        if (openId && ids.includes(openId)) go({ mailId: null });
        setSelected(new Set());
      };
      switch (action) {
        case 'archive':
          closeIfOpen();
          return void change(
            ids,
            { folder: 'archive' },
            t('mail.done.archived', { count: ids.length }),
          );
        case 'trash':
          closeIfOpen();
          return void update({ mailIds: ids, changes: { folder: 'trash' }, conversations: true })
            .unwrap()
            .then(
              () =>
                // "Restore" (to inbox) puts each message back in the folder it came from.
                notifyWithUndo(
                  t('mail.done.trashed', { count: ids.length }),
                  t('mail.done.undo'),
                  () => void change(ids, { folder: 'inbox' }),
                ),
              (error: unknown) => notify.error(translateError(t, error)),
            );
        case 'spam':
          closeIfOpen();
          return void change(ids, { folder: 'spam' }, t('mail.done.spam', { count: ids.length }));
        case 'restore':
        case 'notSpam':
          closeIfOpen();
          return void change(
            ids,
            { folder: 'inbox' },
            t('mail.done.restored', { count: ids.length }),
          );
        case 'read':
          return void change(ids, { isUnread: false });
        case 'unread':
          if (openId && ids.includes(openId)) go({ mailId: null });
          return void change(ids, { isUnread: true });
        case 'deleteForever':
          setConfirmDelete(ids);
      }
    },
    [change, go, openId, t, update],
  );

  const toggle = useCallback(
    (mail: Mail, flag: 'isStarred' | 'isImportant') =>
      void change([mail.id], { [flag]: !mail[flag] }),
    [change],
  );
  const label = useCallback(
    (ids: string[], labelId: string, add: boolean) =>
      void change(ids, add ? { addLabelIds: [labelId] } : { removeLabelIds: [labelId] }),
    [change],
  );

  const startCompose = useCallback((initial?: Partial<ComposeInitial>) => {
    setCompose({
      key: Date.now(),
      initial: { to: [], cc: [], bcc: [], subject: '', message: '', attachments: [], ...initial },
    });
  }, []);

  const editDraft = useCallback(
    (mail: Mail) =>
      startCompose({
        draftId: mail.id,
        to: mail.to.map((p) => p.email),
        cc: mail.cc.map((p) => p.email),
        bcc: mail.bcc.map((p) => p.email),
        subject: mail.subject,
        message: mail.message,
        attachments: mail.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
      }),
    [startCompose],
  );

  const composeFrom = useCallback(
    (mode: ComposeMode, mail: Mail) => {
      const me = user?.email?.toLowerCase();
      const mine = mail.from.email === me;
      const quote = `<p></p><p>${escapeHtml(
        t('mail.compose.wrote', {
          date: new Date(mail.createdAt).toLocaleString(),
          name: mail.from.name || mail.from.email,
        }),
      )}</p><blockquote>${mail.message}</blockquote>`;
      const prefix = (p: string) =>
        new RegExp(`^${p}:`, 'i').test(mail.subject) ? mail.subject : `${p}: ${mail.subject}`;
      if (mode === 'forward') {
        startCompose({
          subject: prefix('Fwd'),
          message: `<p></p><p>${escapeHtml(t('mail.compose.forwarded'))}</p><p>${escapeHtml(
            `${mail.from.name} <${mail.from.email}>`,
          )}<br>${escapeHtml(mail.subject)}</p><blockquote>${mail.message}</blockquote>`,
          attachments: mail.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
          inReplyTo: mail.id,
        });
        return;
      }
      const to = mine ? mail.to.map((p) => p.email) : [mail.from.email];
      const cc =
        mode === 'replyAll'
          ? [...mail.to, ...mail.cc].map((p) => p.email).filter((e) => e !== me && !to.includes(e))
          : [];
      startCompose({ to, cc, subject: prefix('Re'), message: quote, inReplyTo: mail.id });
    },
    [startCompose, t, user?.email],
  );

  // Undo send: the message leaves after MAIL_UNDO_SECONDS unless the person takes it back.
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const deliver = useCallback(
    async (result: ComposeResult) => {
      try {
        await send({
          to: result.to,
          cc: result.cc,
          bcc: result.bcc,
          subject: result.subject,
          message: result.message,
          attachmentIds: result.attachments.map((a) => a.id),
          inReplyTo: result.inReplyTo ?? null,
          ...(result.draftId ? { draftId: result.draftId } : {}),
        }).unwrap();
        notify(t('mail.done.sent'));
      } catch (error) {
        notify.error(translateError(t, error));
        // Refused past the sending limit, the server kept the message as a draft: go on with it.
        const kept = isHttpError(error)
          ? error.details?.find((d) => d.code === 'kept_as_draft')?.message
          : undefined;
        setCompose({ key: Date.now(), initial: kept ? { ...result, draftId: kept } : result });
      }
    },
    [send, t],
  );
  const queueSend = (result: ComposeResult) => {
    setCompose(null);
    const timer = window.setTimeout(() => {
      setPending(null);
      void deliver(result);
    }, MAIL_UNDO_SECONDS * 1000);
    setPending({ result, timer });
  };
  const undoSend = () => {
    const p = pendingRef.current;
    if (!p) return;
    window.clearTimeout(p.timer);
    setPending(null);
    setCompose({ key: Date.now(), initial: p.result });
  };
  // Leaving the screen with a message waiting sends it rather than losing it.
  useEffect(
    () => () => {
      const p = pendingRef.current;
      if (p) {
        window.clearTimeout(p.timer);
        void deliver(p.result);
      }
    },
    [deliver],
  );

  // The compose's editor, fetched once the mailbox is idle (it is not part of the first paint).
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(preloadComposeEditor);
  }, []);

  // Keyboard shortcuts (as the mail clients people know): j/k, o/Enter, r, a, f, e, #, c, /, ?.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // While a message is being written, every key is the writer's (a reply typed with the focus
      // still on the Reply button must not archive the conversation).
      if (compose) return;
      if (
        target &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      ) {
        if (event.key === 'Escape' && target === searchRef.current) target.blur();
        return;
      }
      // Inside the compose window, a dialog or a menu, keys belong to it.
      if (target?.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      if (!(SHORTCUTS as readonly string[]).includes(event.key) && event.key !== 'Enter') return;
      const focusRow = (index: number) => {
        setCursor(index);
        const row = document.querySelectorAll<HTMLElement>(
          '[data-testid="mail-row"] [data-mail-open]',
        )[index];
        row?.focus();
        row?.scrollIntoView({ block: 'nearest' });
      };
      switch (event.key) {
        case 'j':
          if (mails.length) focusRow(Math.min(mails.length - 1, cursor + 1));
          break;
        case 'k':
          if (mails.length) focusRow(Math.max(0, cursor - 1));
          break;
        case 'o':
        case 'Enter':
          if (event.key === 'Enter' && target?.closest('button, a')) return;
          if (mails[cursor]) openMail(mails[cursor]!);
          break;
        case 'r':
          if (openMailData) composeFrom('reply', openMailData);
          break;
        case 'a':
          if (openMailData) composeFrom('replyAll', openMailData);
          break;
        case 'f':
          if (openMailData) composeFrom('forward', openMailData);
          break;
        case 'e':
        case '#': {
          const ids = selected.size
            ? [...selected]
            : openMailData
              ? [openMailData.id]
              : mails[cursor]
                ? [mails[cursor]!.id]
                : [];
          bulk(event.key === 'e' ? 'archive' : view === 'trash' ? 'deleteForever' : 'trash', ids);
          break;
        }
        case 'c':
          startCompose();
          break;
        case '/':
          searchRef.current?.focus();
          break;
        case '?':
          setHelp(true);
          break;
        case 'Escape':
          if (openId) go({ mailId: null });
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    // On the document, so it runs before the header's window-wide "/" (which then stands back).
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [
    mails,
    cursor,
    openMail,
    openMailData,
    composeFrom,
    bulk,
    selected,
    view,
    startCompose,
    openId,
    go,
    compose,
  ]);

  const selectLabel = (l: MailLabel) => {
    setNavOpen(false);
    go(
      l.type === 'system'
        ? { systemLabel: l.id, customLabel: null, mailId: null, q: null }
        : { customLabel: l.id, systemLabel: null, mailId: null, q: null },
    );
  };

  const nav = (
    <MailNav
      labels={labels.data?.labels}
      current={view}
      onSelect={selectLabel}
      onCompose={() => {
        setNavOpen(false);
        startCompose();
      }}
    />
  );
  const listPane = (
    <MailList
      key={view}
      title={title}
      view={view}
      mails={mails}
      labels={labelList}
      loading={list.isLoading}
      fetchingMore={list.isFetchingNextPage}
      hasMore={!!list.hasNextPage}
      onMore={() => void list.fetchNextPage()}
      onRefresh={() => {
        void list.refetch();
        void labels.refetch();
      }}
      refreshing={list.isFetching}
      query={q}
      onQuery={(next) => go({ q: next || null, mailId: null })}
      searchRef={searchRef}
      openId={openId}
      cursor={cursor}
      onOpen={openMail}
      selected={selected}
      onSelect={setSelected}
      onBulk={bulk}
      onToggle={toggle}
      onLabel={label}
      dense={dense}
      onDense={() => {
        localStorage.setItem(DENSE_KEY, dense ? '0' : '1');
        setDense(!dense);
      }}
      onMenu={wide ? undefined : () => setNavOpen(true)}
    />
  );
  const details = (
    <MailDetails
      mail={open.data?.mail}
      loading={!!openId && open.isLoading}
      missing={!!openId && open.isError}
      labels={labelList}
      onBack={wide ? undefined : () => go({ mailId: null })}
      onAction={bulk}
      onToggle={toggle}
      onLabel={label}
      onCompose={composeFrom}
      onEditDraft={editDraft}
    />
  );

  return (
    <Container maxWidth={false}>
      <PageHeader
        title={t('nav.mail')}
        crumbs={[{ name: t('nav.dashboard'), href: paths.dashboard.root }, { name: t('nav.mail') }]}
        action={
          <Button
            variant="text"
            color="inherit"
            onClick={() => setHelp(true)}
            aria-keyshortcuts="?"
            // Single keys need a keyboard: not offered on a phone.
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            {t('mail.shortcuts.title')}
          </Button>
        }
      />
      <Card
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 190px)', md: 'calc(100dvh - 210px)' },
          minHeight: 480,
          overflow: 'hidden',
        }}
      >
        {wide ? (
          <>
            <Box
              sx={{
                width: 240,
                flexShrink: 0,
                borderInlineEnd: 1,
                borderColor: 'divider',
                display: 'flex',
              }}
            >
              {nav}
            </Box>
            <Box
              sx={{
                width: { md: 360, lg: 420 },
                flexShrink: 0,
                borderInlineEnd: 1,
                borderColor: 'divider',
                minWidth: 0,
              }}
            >
              {listPane}
            </Box>
            <Box
              sx={{ flexGrow: 1, minWidth: 0 }}
              component="section"
              aria-label={t('mail.details.pane')}
            >
              {details}
            </Box>
          </>
        ) : (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>{openId ? details : listPane}</Box>
        )}
      </Card>
      {!wide && !openId && !compose && (
        <Fab
          color="primary"
          aria-label={t('mail.compose.open')}
          onClick={() => startCompose()}
          sx={{
            position: 'fixed',
            insetInlineEnd: 20,
            bottom: 20,
            zIndex: (th) => th.zIndex.speedDial,
          }}
        >
          <EditRounded />
        </Fab>
      )}
      {!wide && (
        <Drawer
          open={navOpen}
          onClose={() => setNavOpen(false)}
          slotProps={{ paper: { sx: { width: 280 } } }}
        >
          {nav}
        </Drawer>
      )}

      {compose && (
        <MailCompose
          key={compose.key}
          initial={compose.initial}
          onClose={(kept) => {
            setCompose(null);
            if (kept) notify.info(t('mail.done.draftKept'));
          }}
          onSend={queueSend}
          onDiscard={(draftId) => {
            setCompose(null);
            if (draftId) void change([draftId], { folder: 'trash' });
            notify.info(t('mail.done.discarded'));
          }}
        />
      )}
      <Snackbar
        open={!!pending}
        message={t('mail.done.sending')}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        action={
          <Button color="secondary" size="small" onClick={undoSend}>
            {t('mail.done.undo')}
          </Button>
        }
      />
      <ConfirmDialog
        open={!!confirmDelete}
        title={t('mail.confirm.deleteTitle')}
        content={t('mail.confirm.deleteText', { count: confirmDelete?.length ?? 0 })}
        action={t('mail.actions.deleteForever')}
        busy={removing.isLoading}
        onClose={() => setConfirmDelete(null)}
        onConfirm={async () => {
          try {
            await remove(confirmDelete!).unwrap();
            if (openId && confirmDelete!.includes(openId)) go({ mailId: null });
            setSelected(new Set());
            notify(t('mail.done.deleted', { count: confirmDelete!.length }));
            setConfirmDelete(null);
          } catch (error) {
            notify.error(translateError(t, error));
          }
        }}
      />
      <Dialog open={help} onClose={() => setHelp(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('mail.shortcuts.title')}</DialogTitle>
        <DialogContent>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}
          >
            {MAIL_SHORTCUT_KEYS.map((key) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                  <kbd>{mailShortcutKeys(key)}</kbd>
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  {t(mailShortcutLabel(key))}
                </Box>
              </Box>
            ))}
          </Box>
        </DialogContent>
      </Dialog>
    </Container>
  );
}
