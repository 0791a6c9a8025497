import { kanbanCardInputSchema, kanbanColumnInputSchema } from '@bo/contract/kanban';
import type { KanbanCard, KanbanColumn } from '@bo/contract/kanban';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PlaylistRemoveIcon from '@mui/icons-material/PlaylistRemove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import type { DraggableProvided } from '@hello-pangea/dnd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import {
  useClearColumnMutation,
  useCreateCardMutation,
  useDeleteColumnMutation,
  useMoveColumnMutation,
  useRenameColumnMutation,
} from './kanban-api';
import { useAnnounce } from './kanban-announcer';
import { KanbanCardItem } from './kanban-card-item';

export const COLUMN_WIDTH = 300;

type Props = {
  column: KanbanColumn;
  /** Its place on the board and the number of columns, for "Move earlier / later". */
  index: number;
  count: number;
  cards: Record<string, KanbanCard>;
  provided: DraggableProvided;
  canWrite: boolean;
  onOpenCard: (cardId: string) => void;
};

/** A column: its name (rename in place), its menu (rename, clear, delete) and its cards. */
export function KanbanColumnView({
  column,
  index,
  count,
  cards,
  provided,
  canWrite,
  onOpenCard,
}: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(column.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'clear' | 'delete' | null>(null);
  const [adding, setAdding] = useState(false);
  const [cardName, setCardName] = useState('');
  const [renameColumn] = useRenameColumnMutation();
  const [clearColumn] = useClearColumnMutation();
  const [deleteColumn] = useDeleteColumnMutation();
  const [createCard, { isLoading: creating }] = useCreateCardMutation();
  const [moveColumn] = useMoveColumnMutation();
  const announce = useAnnounce();

  /** The keyboard alternative to dragging a column: one place earlier or later. */
  const moveTo = (toIndex: number) => {
    setMenu(null);
    moveColumn({ columnId: column.id, toIndex })
      .unwrap()
      .then(() =>
        announce(t('kanban.move.columnMoved', { name: column.name, position: toIndex + 1 })),
      )
      .catch((error: unknown) => notify.error(translateError(t, error)));
  };

  const run = (promise: Promise<unknown>, success?: string) =>
    promise.then(
      () => success && notify.success(success),
      (error: unknown) => notify.error(translateError(t, error)),
    );

  const saveName = () => {
    const parsed = kanbanColumnInputSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(t('errors.field.required'));
      return;
    }
    setRenaming(false);
    setNameError(null);
    if (parsed.data.name !== column.name) {
      void run(renameColumn({ columnId: column.id, name: parsed.data.name }).unwrap());
    }
  };

  const addCard = async () => {
    const parsed = kanbanCardInputSchema.safeParse({ name: cardName });
    if (!parsed.success) {
      setAdding(false);
      return;
    }
    try {
      await createCard({ columnId: column.id, card: parsed.data }).unwrap();
      setCardName('');
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  return (
    <Paper
      ref={provided.innerRef}
      {...provided.draggableProps}
      data-testid="kanban-column"
      data-column-id={column.id}
      variant="outlined"
      sx={{
        width: COLUMN_WIDTH,
        flexShrink: 0,
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.neutral',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1.5, minHeight: 40 }}>
        <Box
          {...provided.dragHandleProps}
          aria-label={t('kanban.column.dragHandle', { name: column.name })}
          sx={{ display: 'flex', color: 'text.disabled', cursor: 'grab', borderRadius: 1 }}
        >
          <DragIndicatorIcon fontSize="small" />
        </Box>
        {renaming ? (
          <TextField
            size="small"
            autoFocus
            fullWidth
            value={name}
            error={!!nameError}
            helperText={nameError}
            slotProps={{ htmlInput: { 'aria-label': t('kanban.column.name'), maxLength: 120 } }}
            onChange={(e) => setName(e.target.value)}
            onBlur={saveName}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveName();
              if (e.key === 'Escape') {
                setName(column.name);
                setRenaming(false);
              }
            }}
          />
        ) : (
          <Typography
            variant="h6"
            component="h2"
            sx={{
              flexGrow: 1,
              fontSize: 16,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
            onDoubleClick={() => canWrite && setRenaming(true)}
          >
            {column.name}
          </Typography>
        )}
        {!renaming && (
          // A sibling, not inline text: a Latin name in an Arabic layout must not swallow the count.
          <Typography
            variant="body2"
            sx={{ color: 'text.disabled', px: 0.5 }}
            data-testid="kanban-column-count"
          >
            {column.cardIds.length}
          </Typography>
        )}
        {canWrite && (
          <IconButton
            size="small"
            aria-label={t('kanban.column.actions', { name: column.name })}
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <MoreHorizIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>

      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setName(column.name);
            setRenaming(true);
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('kanban.column.rename')}
        </MenuItem>
        <MenuItem disabled={index === 0} onClick={() => moveTo(index - 1)}>
          <ListItemIcon>
            <ArrowBackIcon
              fontSize="small"
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          </ListItemIcon>
          {t('kanban.move.earlier')}
        </MenuItem>
        <MenuItem disabled={index >= count - 1} onClick={() => moveTo(index + 1)}>
          <ListItemIcon>
            <ArrowForwardIcon
              fontSize="small"
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          </ListItemIcon>
          {t('kanban.move.later')}
        </MenuItem>
        <MenuItem
          disabled={column.cardIds.length === 0}
          onClick={() => {
            setMenu(null);
            setConfirm('clear');
          }}
        >
          <ListItemIcon>
            <PlaylistRemoveIcon fontSize="small" />
          </ListItemIcon>
          {t('kanban.column.clear')}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            setMenu(null);
            setConfirm('delete');
          }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </ListItemIcon>
          {t('kanban.column.delete')}
        </MenuItem>
      </Menu>

      <Droppable droppableId={column.id} type="CARD">
        {(drop, dropSnapshot) => (
          <Box
            ref={drop.innerRef}
            {...drop.droppableProps}
            sx={{
              // No scroll container here: the drag library supports one (the board's), not nested.
              flexGrow: 1,
              minHeight: 48,
              borderRadius: 1,
              transition: 'background-color 0.2s',
              bgcolor: dropSnapshot.isDraggingOver ? 'action.hover' : 'transparent',
            }}
          >
            {column.cardIds.map((cardId, index) => {
              const card = cards[cardId];
              if (!card) return null;
              return (
                <Draggable
                  key={cardId}
                  draggableId={cardId}
                  index={index}
                  isDragDisabled={!canWrite}
                >
                  {(dragProvided, dragSnapshot) => (
                    <KanbanCardItem
                      card={card}
                      provided={dragProvided}
                      snapshot={dragSnapshot}
                      onOpen={onOpenCard}
                    />
                  )}
                </Draggable>
              );
            })}
            {drop.placeholder}
          </Box>
        )}
      </Droppable>

      {canWrite &&
        (adding ? (
          <TextField
            size="small"
            autoFocus
            fullWidth
            placeholder={t('kanban.card.namePlaceholder')}
            value={cardName}
            disabled={creating}
            slotProps={{ htmlInput: { 'aria-label': t('kanban.card.name'), maxLength: 200 } }}
            onChange={(e) => setCardName(e.target.value)}
            onBlur={() => {
              if (!cardName.trim()) setAdding(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void addCard();
              if (e.key === 'Escape') {
                setCardName('');
                setAdding(false);
              }
            }}
            helperText={t('kanban.card.addHint')}
            sx={{ mt: 1 }}
          />
        ) : (
          <Button
            fullWidth
            color="inherit"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            sx={{ mt: 1, justifyContent: 'flex-start', color: 'text.secondary' }}
          >
            {t('kanban.card.add')}
          </Button>
        ))}

      <ConfirmDialog
        open={confirm === 'clear'}
        title={t('kanban.column.clearTitle')}
        content={t('kanban.column.clearConfirm', {
          name: column.name,
          count: column.cardIds.length,
        })}
        action={t('kanban.column.clear')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          void run(clearColumn({ columnId: column.id }).unwrap(), t('kanban.column.cleared'));
          setConfirm(null);
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('kanban.column.deleteTitle')}
        content={t('kanban.column.deleteConfirm', {
          name: column.name,
          count: column.cardIds.length,
        })}
        action={t('common.delete')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          void run(deleteColumn({ columnId: column.id }).unwrap(), t('kanban.column.deleted'));
          setConfirm(null);
        }}
      />
    </Paper>
  );
}
