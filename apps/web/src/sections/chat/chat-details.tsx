import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChatAttachment, ChatConversation, ChatParticipant } from '@bo/contract/chat';
import { CHAT_LIMITS } from '@bo/contract/chat-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notify } from '../../components/snackbar/notify';
import { buildUrl } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { roleName } from '../../lib/audit-labels';
import { useUpdateChatMutation } from './chat-api';
import { PresenceAvatar } from './chat-nav';

type Props = {
  me: string;
  conversation: ChatConversation | null;
  participants: ChatParticipant[];
  attachments: ChatAttachment[];
  onLeft: () => void;
};

/** One person's details, or a group's members and settings; the conversation's shared files. */
export function ChatDetails({ me, conversation, participants, attachments, onLeft }: Props) {
  const { t } = useTranslation();
  const [update, updating] = useUpdateChatMutation();
  const [name, setName] = useState(conversation?.name ?? '');
  const [leaving, setLeaving] = useState(false);
  const group = conversation?.type === 'GROUP';
  const owner = participants.find((p) => p.isOwner)?.id === me;
  const others = participants.filter((p) => p.id !== me);
  const person = !group && others.length === 1 ? others[0]! : null;

  const run = async (body: Parameters<typeof update>[0], done?: string) => {
    try {
      await update(body).unwrap();
      if (done) notify(done);
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  return (
    <Box
      sx={{ p: 2, overflowY: 'auto', height: 1 }}
      component="aside"
      aria-label={t('chat.details')}
    >
      {person && (
        <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, mb: 2 }}>
          <PresenceAvatar
            name={person.name}
            avatar={person.avatar}
            status={person.status}
            size={72}
          />
          <Typography variant="subtitle1">{person.name}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`chat.status.${person.status}`)} · {roleName(t, person.role)}
          </Typography>
          <Stack sx={{ alignSelf: 'stretch', textAlign: 'start', gap: 0.5, mt: 1 }}>
            {[
              [t('chat.email'), person.email],
              [t('chat.phone'), person.phone],
              [t('chat.address'), person.address],
            ]
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <Box key={label}>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {label}
                  </Typography>
                  <Typography
                    variant="body2"
                    dir="ltr"
                    sx={{ textAlign: 'start', overflowWrap: 'anywhere' }}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
          </Stack>
        </Stack>
      )}
      {group && conversation && (
        <>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('chat.group')}
          </Typography>
          {owner ? (
            <Stack direction="row" spacing={1} sx={{ my: 1 }}>
              <TextField
                size="small"
                fullWidth
                label={t('chat.groupName')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.name } }}
              />
              <Button
                variant="outlined"
                color="inherit"
                disabled={updating.isLoading || name === (conversation.name ?? '')}
                onClick={() =>
                  void run({ conversationId: conversation.id, name }, t('chat.renamed'))
                }
              >
                {t('common.save')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="subtitle1" sx={{ my: 1 }}>
              {conversation.name}
            </Typography>
          )}
          <Typography
            variant="overline"
            component="h3"
            sx={{ color: 'text.secondary', display: 'block', mt: 2 }}
          >
            {t('chat.members', { count: participants.length })}
          </Typography>
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
            {participants.map((p) => (
              <Stack
                component="li"
                key={p.id}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center' }}
              >
                <PresenceAvatar name={p.name} avatar={p.avatar} status={p.status} size={32} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {p.name} {p.id === me && `(${t('chat.you')})`}
                  </Typography>
                  {p.isOwner && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('chat.owner')}
                    </Typography>
                  )}
                </Box>
                {owner && p.id !== me && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() =>
                      void run(
                        { conversationId: conversation.id, removeIds: [p.id] },
                        t('chat.removed', { name: p.name }),
                      )
                    }
                    aria-label={t('chat.removeMember', { name: p.name })}
                  >
                    {t('chat.remove')}
                  </Button>
                )}
              </Stack>
            ))}
          </Stack>
        </>
      )}
      {conversation && (
        <>
          <Divider sx={{ my: 2 }} />
          <FormControlLabel
            control={
              <Switch
                checked={conversation.muted}
                onChange={(e) =>
                  void run({ conversationId: conversation.id, muted: e.target.checked })
                }
              />
            }
            label={t('chat.mute')}
          />
          <Button
            color="inherit"
            fullWidth
            variant="outlined"
            sx={{ mt: 1 }}
            onClick={() =>
              void run(
                { conversationId: conversation.id, closed: !conversation.closed },
                conversation.closed ? t('chat.reopenedDone') : t('chat.closedDone'),
              )
            }
            aria-describedby="chat-closed-hint"
          >
            {conversation.closed ? t('chat.reopen') : t('chat.close')}
          </Button>
          <Typography
            id="chat-closed-hint"
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary', mt: 0.5 }}
          >
            {t('chat.closedHint')}
          </Typography>
          {group && (
            <Button
              color="error"
              fullWidth
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={() => setLeaving(true)}
            >
              {t('chat.leave')}
            </Button>
          )}
        </>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {t('chat.shared', { count: attachments.length })}
      </Typography>
      {!attachments.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('chat.noShared')}
        </Typography>
      )}
      <Stack sx={{ gap: 1, mt: 1 }}>
        {attachments.map((a) => (
          <Stack key={a.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {a.type.startsWith('image/') && a.type !== 'image/svg+xml' ? (
              <Box
                component="img"
                src={buildUrl(a.url)}
                alt=""
                sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }}
              />
            ) : (
              <InsertDriveFileOutlined sx={{ width: 40, color: 'text.secondary' }} />
            )}
            <Link
              href={`${buildUrl(a.url)}?download`}
              download={a.name}
              variant="body2"
              noWrap
              sx={{ minWidth: 0 }}
            >
              {a.name}
            </Link>
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        open={leaving}
        title={t('chat.leaveTitle')}
        content={t('chat.leaveText')}
        action={t('chat.leave')}
        busy={updating.isLoading}
        onClose={() => setLeaving(false)}
        onConfirm={async () => {
          await run({ conversationId: conversation!.id, leave: true }, t('chat.left'));
          setLeaving(false);
          onLeft();
        }}
      />
    </Box>
  );
}
