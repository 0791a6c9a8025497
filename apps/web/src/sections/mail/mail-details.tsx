import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ForwardRounded from '@mui/icons-material/ForwardRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import LabelImportantOutlined from '@mui/icons-material/LabelImportantOutlined';
import LabelImportantRounded from '@mui/icons-material/LabelImportantRounded';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReplyAllRounded from '@mui/icons-material/ReplyAllRounded';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import ReportGmailerrorredRounded from '@mui/icons-material/ReportGmailerrorredRounded';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Mail, MailAuth, MailLabel, MailPerson, MailWithThread } from '@bo/contract/mail';
import type { MouseEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { richTextSx } from '../../components/rich-text/rich-text-sx';
import { buildUrl } from '../../lib/http';
import type { BulkAction } from './mail-list';
import { useMailFormat } from './mail-api';

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

type Props = {
  mail: MailWithThread | undefined;
  loading: boolean;
  missing: boolean;
  labels: MailLabel[];
  onBack?: () => void;
  onAction: (action: BulkAction, ids: string[]) => void;
  onToggle: (mail: Mail, flag: 'isStarred' | 'isImportant') => void;
  onLabel: (ids: string[], labelId: string, add: boolean) => void;
  onCompose: (mode: ComposeMode, mail: Mail) => void;
  onEditDraft: (mail: Mail) => void;
};

/** The reading pane: the conversation, oldest first, with its actions and attachments. */
export function MailDetails(props: Props) {
  const { t } = useTranslation();
  const { mail } = props;
  const [labelMenu, setLabelMenu] = useState<HTMLElement | null>(null);

  if (props.loading)
    return (
      <Box sx={{ p: 3 }} aria-busy="true">
        <Skeleton width="60%" height={36} />
        <Skeleton width="30%" />
        <Skeleton variant="rounded" height={200} sx={{ mt: 3 }} />
      </Box>
    );
  if (!mail)
    return (
      <EmptyContent
        title={props.missing ? t('mail.details.missing') : t('mail.details.none')}
        sx={{ height: 1, justifyContent: 'center' }}
      />
    );

  const custom = props.labels.filter((l) => l.type === 'custom');
  const inTrash = mail.folder === 'trash';
  const inSpam = mail.folder === 'spam';
  const tool = (
    label: string,
    icon: ReactNode,
    run: (event: MouseEvent<HTMLElement>) => void,
    pressed?: boolean,
  ) => (
    <Tooltip title={label} key={label}>
      <IconButton size="small" aria-label={label} aria-pressed={pressed} onClick={run}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  const act = (action: BulkAction) => () => props.onAction(action, [mail.id]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 1, minHeight: 0 }}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{
          px: 1.5,
          py: 1,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 52,
        }}
      >
        {props.onBack && tool(t('mail.details.back'), <ArrowBackRounded />, props.onBack)}
        <Box sx={{ flexGrow: 1 }} />
        {inTrash
          ? [
              tool(t('mail.actions.restore'), <RestoreFromTrashOutlined />, act('restore')),
              tool(
                t('mail.actions.deleteForever'),
                <DeleteForeverOutlined />,
                act('deleteForever'),
              ),
            ]
          : [
              mail.folder !== 'drafts' &&
                mail.folder !== 'archive' &&
                tool(t('mail.actions.archive'), <ArchiveOutlined />, act('archive')),
              mail.folder !== 'drafts' &&
                (inSpam
                  ? tool(t('mail.actions.notSpam'), <RestoreFromTrashOutlined />, act('notSpam'))
                  : tool(t('mail.actions.spam'), <ReportGmailerrorredRounded />, act('spam'))),
              tool(t('mail.actions.trash'), <DeleteOutlineRounded />, act('trash')),
            ]}
        {tool(t('mail.actions.markUnread'), <MarkEmailUnreadOutlined />, act('unread'))}
        {custom.length > 0 &&
          tool(t('mail.actions.label'), <LabelOutlined />, (e) => setLabelMenu(e.currentTarget))}
        {tool(
          t(mail.isStarred ? 'mail.actions.unstar' : 'mail.actions.star'),
          mail.isStarred ? <StarRounded sx={{ color: 'warning.main' }} /> : <StarBorderRounded />,
          () => props.onToggle(mail, 'isStarred'),
          mail.isStarred,
        )}
        {tool(
          t(mail.isImportant ? 'mail.actions.notImportant' : 'mail.actions.important'),
          mail.isImportant ? (
            <LabelImportantRounded sx={{ color: 'warning.main' }} />
          ) : (
            <LabelImportantOutlined />
          ),
          () => props.onToggle(mail, 'isImportant'),
          mail.isImportant,
        )}
      </Stack>
      <Menu open={!!labelMenu} anchorEl={labelMenu} onClose={() => setLabelMenu(null)}>
        {custom.map((l) => {
          const on = mail.labelIds.includes(l.id);
          return (
            <MenuItem
              key={l.id}
              onClick={() => {
                props.onLabel([mail.id], l.id, !on);
                setLabelMenu(null);
              }}
            >
              <Checkbox size="small" checked={on} tabIndex={-1} sx={{ p: 0, mr: 1 }} />
              {l.name}
            </MenuItem>
          );
        })}
      </Menu>

      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: { xs: 2, md: 3 } }}>
        <Typography
          variant="h5"
          component="h2"
          sx={{ mb: 1 }}
          dir="auto"
          data-testid="mail-subject"
        >
          {mail.subject || t('mail.noSubject')}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ mb: 2, flexWrap: 'wrap', gap: 0.5 }}>
          {props.labels
            .filter((l) => l.type === 'custom' && mail.labelIds.includes(l.id))
            .map((l) => (
              <Box
                key={l.id}
                component="span"
                sx={{
                  px: 1,
                  borderRadius: 1,
                  typography: 'caption',
                  fontWeight: 600,
                  border: 1,
                  borderColor: l.color ?? 'divider',
                }}
              >
                {l.name}
              </Box>
            ))}
        </Stack>
        <Stack
          spacing={2}
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            '& > li + li': { borderTop: 1, borderColor: 'divider', pt: 2 },
          }}
          aria-label={t('mail.details.thread')}
        >
          {mail.thread.map((m, i) => (
            <ThreadMessage
              key={m.id}
              mail={m}
              expanded={i === mail.thread.length - 1 || m.id === mail.id || m.isUnread}
              onCompose={props.onCompose}
              onEditDraft={props.onEditDraft}
            />
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

function ThreadMessage({
  mail,
  expanded: initiallyExpanded,
  onCompose,
  onEditDraft,
}: {
  mail: Mail;
  expanded: boolean;
  onCompose: (mode: ComposeMode, mail: Mail) => void;
  onEditDraft: (mail: Mail) => void;
}) {
  const { t } = useTranslation();
  const format = useMailFormat();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const [showImages, setShowImages] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!showImages || !body.current) return;
    for (const img of body.current.querySelectorAll<HTMLImageElement>('img[data-remote-src]'))
      img.src = img.dataset.remoteSrc ?? '';
  }, [showImages, expanded, mail.message]);

  const people = (list: MailPerson[]) => list.map((p) => p.name || p.email).join(', ');
  return (
    <Box component="li" data-testid="mail-thread-message">
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'flex-start', cursor: expanded ? 'default' : 'pointer' }}
        onClick={() => !expanded && setExpanded(true)}
      >
        <Avatar src={mail.from.avatar ?? undefined} alt="">
          {(mail.from.name || mail.from.email).charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1, minWidth: 0 }} dir="auto">
              {mail.from.name || mail.from.email}
            </Typography>
            {mail.auth && (
              <Tooltip title={t('mail.auth.externalTitle')}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('mail.auth.external')}
                  data-testid="mail-external"
                  sx={{ flexShrink: 0 }}
                />
              </Tooltip>
            )}
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary', flexShrink: 0 }}
              component="time"
              dateTime={mail.createdAt}
              title={format.long(mail.createdAt)}
            >
              {format.short(mail.createdAt)}
            </Typography>
          </Stack>
          {expanded ? (
            <Typography
              variant="caption"
              component="div"
              sx={{ color: 'text.secondary' }}
              dir="auto"
            >
              {mail.from.email}
              {' · '}
              {t('mail.details.to', { names: people(mail.to) })}
              {mail.cc.length > 0 && ` · ${t('mail.details.cc', { names: people(mail.cc) })}`}
              {mail.bcc.length > 0 && ` · ${t('mail.details.bcc', { names: people(mail.bcc) })}`}
            </Typography>
          ) : (
            <Button
              size="small"
              color="inherit"
              onClick={() => setExpanded(true)}
              aria-expanded={false}
              dir="auto"
              sx={{
                p: 0,
                minHeight: 0,
                width: 1,
                display: 'block',
                textAlign: 'start',
                fontWeight: 400,
                color: 'text.secondary',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                '&:hover': { bgcolor: 'transparent', textDecoration: 'underline' },
              }}
            >
              {htmlSnippet(mail.message)}
            </Button>
          )}
        </Box>
      </Stack>
      {expanded && (
        <Box sx={{ pl: { sm: 7 }, pt: 2 }}>
          {mail.auth && mail.auth.verdict !== 'pass' && <SenderWarning auth={mail.auth} />}
          {mail.hasRemoteImages && !showImages && (
            <Alert
              severity="info"
              icon={<ImageOutlined />}
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => setShowImages(true)}>
                  {t('mail.details.showImages')}
                </Button>
              }
            >
              {t('mail.details.imagesBlocked')}
            </Alert>
          )}
          <Box
            ref={body}
            dir="auto"
            data-testid="mail-body"
            sx={{
              ...richTextSx,
              typography: 'body2',
              overflowWrap: 'anywhere',
              '& table': { maxWidth: '100%' },
            }}
            // Sanitised by the server before it was stored (allow-list; no scripts, handlers or
            // styles), and the page's CSP refuses inline scripts anyway.
            dangerouslySetInnerHTML={{ __html: mail.message }}
          />
          {mail.attachments.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                {t('mail.details.attachments', { count: mail.attachments.length })}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
                {mail.attachments.map((a) => {
                  const image = a.type.startsWith('image/') && a.type !== 'image/svg+xml';
                  return (
                    <Box
                      key={a.id}
                      sx={{
                        width: 160,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1.5,
                        overflow: 'hidden',
                      }}
                      data-testid="mail-attachment"
                    >
                      {image ? (
                        <Box
                          component="img"
                          src={buildUrl(a.url)}
                          alt={a.name}
                          loading="lazy"
                          sx={{
                            width: 1,
                            height: 100,
                            objectFit: 'cover',
                            display: 'block',
                            bgcolor: 'background.neutral',
                          }}
                        />
                      ) : (
                        <Box
                          sx={{
                            height: 100,
                            display: 'grid',
                            placeItems: 'center',
                            bgcolor: 'background.neutral',
                          }}
                        >
                          <InsertDriveFileOutlined sx={{ fontSize: 40, color: 'text.secondary' }} />
                        </Box>
                      )}
                      <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 0.5 }}>
                        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                          <Typography
                            variant="caption"
                            noWrap
                            component="div"
                            sx={{ fontWeight: 600 }}
                            title={a.name}
                          >
                            {a.name}
                          </Typography>
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {format.bytes(a.size)}
                          </Typography>
                        </Box>
                        <IconButton
                          size="small"
                          component={Link}
                          href={`${buildUrl(a.url)}?download`}
                          download={a.name}
                          aria-label={t('mail.details.download', { name: a.name })}
                        >
                          <DownloadRounded fontSize="small" />
                        </IconButton>
                      </Stack>
                    </Box>
                  );
                })}
              </Stack>
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
            {mail.folder === 'drafts' ? (
              <Button variant="contained" onClick={() => onEditDraft(mail)}>
                {t('mail.details.editDraft')}
              </Button>
            ) : (
              <>
                <Button
                  variant="outlined"
                  color="inherit"
                  startIcon={<ReplyRounded />}
                  onClick={() => onCompose('reply', mail)}
                  aria-keyshortcuts="r"
                >
                  {t('mail.actions.reply')}
                </Button>
                <Button
                  variant="outlined"
                  color="inherit"
                  startIcon={<ReplyAllRounded />}
                  onClick={() => onCompose('replyAll', mail)}
                  aria-keyshortcuts="a"
                >
                  {t('mail.actions.replyAll')}
                </Button>
                <Button
                  variant="outlined"
                  color="inherit"
                  startIcon={<ForwardRounded />}
                  onClick={() => onCompose('forward', mail)}
                  aria-keyshortcuts="f"
                >
                  {t('mail.actions.forward')}
                </Button>
              </>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function htmlSnippet(html: string): string {
  const spaced = html.replace(/<\/(p|div|li|h\d|tr|blockquote)>|<br\s*\/?>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 140);
}

/** "Could not verify the sender", with what SPF, DKIM, DMARC and ARC said on demand. */
function SenderWarning({ auth }: { auth: MailAuth }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="mail-unverified"
      action={
        <Button
          color="inherit"
          size="small"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('mail.auth.hideDetails') : t('mail.auth.showDetails')}
        </Button>
      }
    >
      <Typography variant="subtitle2" component="p">
        {t('mail.auth.unverified')}
      </Typography>
      <Typography variant="body2">
        {auth.verdict === 'spoofed' ? t('mail.auth.spoofed') : t('mail.auth.unverifiedText')}
      </Typography>
      <Collapse in={open} id={id}>
        <Box
          component="dl"
          sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}
        >
          {(['spf', 'dkim', 'dmarc', 'arc'] as const).map((k) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {k.toUpperCase()}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {auth[k]}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {auth.signedBy.length
            ? t('mail.auth.signedBy', { domains: auth.signedBy.join(', ') })
            : t('mail.auth.notSigned')}
        </Typography>
        {auth.details && (
          <Typography
            variant="caption"
            component="pre"
            dir="ltr"
            sx={{ mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}
          >
            {auth.details}
          </Typography>
        )}
      </Collapse>
    </Alert>
  );
}
