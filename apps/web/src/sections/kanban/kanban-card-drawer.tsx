import { FILES_API } from '@bo/contract/files-paths';
import type { UploadedFile } from '@bo/contract/files';
import { KANBAN_LABELS_MAX, KANBAN_PRIORITIES } from '@bo/contract/kanban';
import type {
  KanbanCard,
  KanbanCardPatch,
  KanbanColumn,
  KanbanPriority,
  KanbanUser,
} from '@bo/contract/kanban';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import SendIcon from '@mui/icons-material/Send';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notify } from '../../components/snackbar/notify';
import { http } from '../../lib/http';
import { rankPeople } from '../../lib/rank-people';
import { translateError } from '../../locales/form-errors';
import {
  useAssignableUsersQuery,
  useAttachFileMutation,
  useCommentCardMutation,
  useKanbanCardQuery,
  useDeleteCardMutation,
  useDetachFileMutation,
  useLikeCardMutation,
  useUpdateCardMutation,
} from './kanban-api';
import { KanbanMoveCardMenu } from './kanban-move-menu';
import { DateField } from '../../components/form/date-field';

type Props = {
  card: KanbanCard | null;
  column: KanbanColumn | null;
  canWrite: boolean;
  onClose: () => void;
};

/** The card's details; every field saves on its own (blur, choice or Enter). */
export function KanbanCardDrawer({ card, column, canWrite, onClose }: Props) {
  return (
    <Drawer
      anchor="right"
      open={!!card}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: 1, sm: 480 } } } }}
    >
      {card && (
        <CardDetails
          key={card.id}
          card={card}
          column={column}
          canWrite={canWrite}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const toIso = (day: string) => (day ? new Date(`${day}T00:00:00.000Z`).toISOString() : null);

function CardDetails({
  card,
  column,
  canWrite,
  onClose,
}: Required<Omit<Props, 'card'>> & { card: KanbanCard }) {
  const { t, i18n } = useTranslation();
  const [updateCard] = useUpdateCardMutation();
  const [deleteCard] = useDeleteCardMutation();
  const [likeCard] = useLikeCardMutation();
  const [commentCard, { isLoading: sending }] = useCommentCardMutation();
  // The board counts comments; their text loads with the opened card.
  const { data: opened, isError: commentsFailed, refetch } = useKanbanCardQuery(card.id);
  const comments = opened?.comments;
  const [attachFile] = useAttachFileMutation();
  const [detachFile] = useDetachFileMutation();
  const [name, setName] = useState(card.name);
  const [description, setDescription] = useState(card.description);
  const [dueStart, setDueStart] = useState(dateOnly(card.dueRange.start));
  const [dueEnd, setDueEnd] = useState(dateOnly(card.dueRange.end));
  const [dueError, setDueError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [userSearch, setUserSearch] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const deferredSearch = useDeferredValue(userSearch);
  const { data: people, isFetching: loadingPeople } = useAssignableUsersQuery({
    q: deferredSearch || undefined,
  });

  const fail = (error: unknown) => notify.error(translateError(t, error));
  const save = (patch: KanbanCardPatch) =>
    updateCard({ cardId: card.id, card: patch })
      .unwrap()
      .then(
        () => true,
        (error: unknown) => {
          fail(error);
          return false;
        },
      );

  const saveDue = async (start: string, end: string) => {
    if (start && end && end < start) {
      setDueError(t('kanban.card.dueEndBeforeStart'));
      return;
    }
    setDueError(null);
    await save({ due: { start: toIso(start), end: toIso(end) } });
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const answer = await http<{ file: UploadedFile }>(FILES_API.upload, { method: 'POST', body });
      await attachFile({ cardId: card.id, fileId: answer.file.id }).unwrap();
      notify.success(t('kanban.card.attached', { name: file.name }));
    } catch (error) {
      fail(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const sendComment = async () => {
    const message = comment.trim();
    if (!message) return;
    try {
      await commentCard({ cardId: card.id, message }).unwrap();
      setComment('');
    } catch (error) {
      fail(error);
    }
  };

  // The card's assignees (its chips, left out of the list) and the people found, best first.
  const options: KanbanUser[] = [
    ...card.assignees,
    ...rankPeople(
      (people?.users ?? []).filter((u) => !card.assignees.some((a) => a.id === u.id)),
      userSearch,
    ),
  ];
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: 1 }}
      data-testid="kanban-card-drawer"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2.5, py: 2 }}>
        <Button
          size="small"
          variant={card.completed ? 'contained' : 'outlined'}
          color={card.completed ? 'success' : 'inherit'}
          disabled={!canWrite}
          startIcon={card.completed ? <CheckCircleIcon /> : <CheckCircleOutlineIcon />}
          onClick={() => void save({ completed: !card.completed })}
        >
          {card.completed ? t('kanban.card.completed') : t('kanban.card.markComplete')}
        </Button>
        {canWrite && <KanbanMoveCardMenu card={card} />}
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={card.liked ? t('kanban.card.unlike') : t('kanban.card.like')}>
          <span>
            <IconButton
              aria-pressed={card.liked}
              aria-label={card.liked ? t('kanban.card.unlike') : t('kanban.card.like')}
              color={card.liked ? 'error' : 'default'}
              disabled={!canWrite}
              onClick={() => likeCard({ cardId: card.id, liked: !card.liked }).unwrap().catch(fail)}
            >
              {card.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" sx={{ minWidth: 16 }}>
          {card.likes}
        </Typography>
        {canWrite && (
          <Tooltip title={t('kanban.card.delete')}>
            <IconButton aria-label={t('kanban.card.delete')} onClick={() => setConfirmDelete(true)}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />

      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto', flexGrow: 1 }}>
        <TextField
          variant="standard"
          fullWidth
          multiline
          value={name}
          disabled={!canWrite}
          error={!name.trim()}
          helperText={
            !name.trim()
              ? t('errors.field.required')
              : column
                ? t('kanban.card.inColumn', { name: column.name })
                : undefined
          }
          slotProps={{
            htmlInput: {
              'aria-label': t('kanban.card.name'),
              maxLength: 200,
              style: { fontSize: 20, fontWeight: 600 },
            },
          }}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => {
            if (name.trim() && name.trim() !== card.name) void save({ name: name.trim() });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              (e.target as HTMLElement).blur();
            }
          }}
        />

        <Autocomplete
          multiple
          options={options}
          value={card.assignees}
          loading={loadingPeople}
          disabled={!canWrite}
          filterOptions={(x) => x}
          filterSelectedOptions
          getOptionLabel={(u) => u.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onInputChange={(_e, value) => setUserSearch(value)}
          onChange={(_e, value) => void save({ assigneeIds: value.map((u) => u.id) })}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                <Avatar
                  src={option.avatarUrl ?? undefined}
                  sx={{ width: 28, height: 28, mr: 1.5, fontSize: 14 }}
                >
                  {option.name.charAt(0)}
                </Avatar>
                {option.name}
              </li>
            );
          }}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...rest } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...rest}
                  size="small"
                  avatar={
                    <Avatar src={option.avatarUrl ?? undefined}>{option.name.charAt(0)}</Avatar>
                  }
                  label={option.name}
                />
              );
            })
          }
          renderInput={(params) => <TextField {...params} label={t('kanban.card.assignees')} />}
          noOptionsText={t('kanban.card.noPeople')}
        />

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField
            type="date"
            label={t('kanban.card.dueStart')}
            value={dueStart}
            disabled={!canWrite}
            fullWidth
            onChange={(e) => {
              setDueStart(e.target.value);
              void saveDue(e.target.value, dueEnd);
            }}
          />
          <DateField
            type="date"
            label={t('kanban.card.dueEnd')}
            value={dueEnd}
            disabled={!canWrite}
            fullWidth
            error={!!dueError}
            helperText={dueError}
            onChange={(e) => {
              setDueEnd(e.target.value);
              void saveDue(dueStart, e.target.value);
            }}
          />
        </Stack>

        <Box>
          <Typography
            variant="overline"
            component="p"
            sx={{ color: 'text.secondary', mb: 0.5 }}
            id={`priority-${card.id}`}
          >
            {t('kanban.card.priorityLabel')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={card.priority}
            disabled={!canWrite}
            aria-labelledby={`priority-${card.id}`}
            onChange={(_e, value: KanbanPriority | null) => value && void save({ priority: value })}
          >
            {KANBAN_PRIORITIES.map((p) => (
              <ToggleButton key={p} value={p}>
                {t(`kanban.priority.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>

        <Autocomplete
          multiple
          freeSolo
          options={[] as string[]}
          value={card.labels}
          disabled={!canWrite}
          onChange={(_e, value) => {
            const labels = [...new Set(value.map((v) => v.trim()).filter(Boolean))].slice(
              0,
              KANBAN_LABELS_MAX,
            );
            void save({ labels });
          }}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...rest } = getItemProps({ index });
              return <Chip key={key} {...rest} size="small" label={option} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('kanban.card.labels')}
              helperText={t('kanban.card.labelsHint')}
            />
          )}
        />

        <TextField
          label={t('kanban.card.description')}
          multiline
          minRows={3}
          value={description}
          disabled={!canWrite}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
          onChange={(e) => setDescription(e.target.value)}
          onBlur={() => {
            if (description !== card.description) void save({ description });
          }}
        />

        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="overline" sx={{ color: 'text.secondary', flexGrow: 1 }}>
              {t('kanban.card.attachments')}
            </Typography>
            {canWrite && (
              <Button
                size="small"
                startIcon={<AttachFileIcon />}
                disabled={uploading}
                onClick={() => fileInput.current?.click()}
              >
                {uploading ? t('kanban.card.uploading') : t('kanban.card.attach')}
              </Button>
            )}
            <input
              ref={fileInput}
              type="file"
              hidden
              data-testid="kanban-attach-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </Stack>
          {card.attachments.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.disabled' }}>
              {t('kanban.card.noAttachments')}
            </Typography>
          ) : (
            <Stack spacing={1}>
              {card.attachments.map((file) => (
                <Stack key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {file.mime.startsWith('image/') ? (
                    <Box
                      component="img"
                      src={file.url}
                      alt=""
                      sx={{ width: 40, height: 40, borderRadius: 1, objectFit: 'cover' }}
                    />
                  ) : (
                    <AttachFileIcon color="action" />
                  )}
                  <Link
                    href={file.url}
                    target="_blank"
                    rel="noopener"
                    variant="body2"
                    sx={{ flexGrow: 1, wordBreak: 'break-all' }}
                  >
                    {file.name}
                  </Link>
                  {canWrite && (
                    <IconButton
                      size="small"
                      aria-label={t('kanban.card.removeAttachment', { name: file.name })}
                      onClick={() =>
                        detachFile({ cardId: card.id, fileId: file.id }).unwrap().catch(fail)
                      }
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </Box>

        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('kanban.card.comments')}
          </Typography>
          <Stack spacing={2}>
            {!comments && !commentsFailed && (
              <Stack aria-busy="true" aria-label={t('common.loading')} spacing={1}>
                {Array.from({ length: Math.min(Math.max(card.commentCount, 1), 3) }, (_, i) => (
                  <Skeleton key={i} variant="rounded" height={48} />
                ))}
              </Stack>
            )}
            {commentsFailed && (
              <Button size="small" onClick={() => void refetch()} sx={{ alignSelf: 'flex-start' }}>
                {t('common.retry')}
              </Button>
            )}
            {comments?.length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                {t('kanban.card.noComments')}
              </Typography>
            )}
            {comments?.map((c) => (
              <Stack key={c.id} direction="row" spacing={1.5}>
                <Avatar
                  src={c.author?.avatarUrl ?? undefined}
                  sx={{ width: 32, height: 32, fontSize: 14 }}
                >
                  {(c.author?.name ?? '?').charAt(0)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle2" component="span">
                    {c.author?.name ?? t('kanban.card.formerUser')}
                  </Typography>
                  <Typography
                    variant="caption"
                    component="span"
                    sx={{ color: 'text.disabled', ml: 1 }}
                  >
                    {dateFormat.format(new Date(c.createdAt))}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  >
                    {c.message}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>
      </Stack>

      {canWrite && (
        <>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'flex-end' }}>
            <TextField
              fullWidth
              size="small"
              multiline
              maxRows={4}
              value={comment}
              placeholder={t('kanban.card.commentPlaceholder')}
              slotProps={{
                htmlInput: { 'aria-label': t('kanban.card.commentPlaceholder'), maxLength: 2000 },
              }}
              onChange={(e) => setComment(e.target.value)}
              onKeyDown={(e) => {
                // Enter (or Ctrl+Enter) sends; Shift+Enter is a new line; an IME's Enter is its own.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void sendComment();
                }
              }}
            />
            <IconButton
              color="primary"
              aria-label={t('common.send')}
              disabled={sending || !comment.trim()}
              onClick={() => void sendComment()}
            >
              <SendIcon
                sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
              />
            </IconButton>
          </Stack>
        </>
      )}

      <ConfirmDialog
        open={confirmDelete}
        title={t('kanban.card.deleteTitle')}
        content={t('kanban.card.deleteConfirm', { name: card.name })}
        action={t('common.delete')}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          onClose();
          deleteCard({ cardId: card.id })
            .unwrap()
            .then(() => notify.success(t('kanban.card.deleted')), fail);
          setConfirmDelete(false);
        }}
      />
    </Box>
  );
}
