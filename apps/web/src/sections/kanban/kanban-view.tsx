import { kanbanColumnInputSchema } from '@bo/contract/kanban';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';
import type { DragStart, DragUpdate, DropResult, ResponderProvided } from '@hello-pangea/dnd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mergeSearchParams } from '../../lib/search-params';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { useRealtimeReady } from '../../lib/realtime';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import {
  useCreateColumnMutation,
  useKanbanBoardQuery,
  useKanbanLive,
  useMoveCardMutation,
  useMoveColumnMutation,
} from './kanban-api';
import { KanbanAnnouncer } from './kanban-announcer';
import { cspNonce } from '../../theme/csp-nonce';
import { COLUMN_WIDTH, KanbanColumnView } from './kanban-column';

// The drawer carries the card form (autocomplete, date fields): loaded when a card is opened.
const KanbanCardDrawer = lazy(() =>
  import('./kanban-card-drawer').then((m) => ({ default: m.KanbanCardDrawer })),
);

/** /dashboard/kanban: the shared board, live. The open card is in the URL (`?card=`). */
export function KanbanView() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const canWrite = !!user?.permissions.includes('kanban:write');
  const { data: board, isLoading, error, refetch } = useKanbanBoardQuery();
  const [moveCard] = useMoveCardMutation();
  const [moveColumn] = useMoveColumnMutation();
  const [createColumn, { isLoading: creating }] = useCreateColumnMutation();
  const [params, setParams] = useSearchParams();
  const live = useRealtimeReady();
  const [adding, setAdding] = useState(false);
  const [columnName, setColumnName] = useState('');
  const [columnError, setColumnError] = useState<string | null>(null);
  useKanbanLive();

  const openCardId = params.get('card');
  const openCard = (cardId: string | null) =>
    setParams((prev) => mergeSearchParams(prev, { card: cardId }), { replace: !cardId });

  // What a screen reader hears while dragging: the card's and columns' names, not ids.
  const nameOf = (type: string, id: string) =>
    type === 'COLUMN' ? (board?.columns[id]?.name ?? '') : (board?.cards[id]?.name ?? '');
  const columnTitle = (droppableId: string) => board?.columns[droppableId]?.name ?? '';
  const onDragStart = (start: DragStart, provided: ResponderProvided) =>
    provided.announce(
      start.type === 'COLUMN'
        ? t('kanban.move.liftedColumn', {
            name: nameOf('COLUMN', start.draggableId),
            position: start.source.index + 1,
          })
        : t('kanban.move.lifted', {
            card: nameOf('CARD', start.draggableId),
            column: columnTitle(start.source.droppableId),
            position: start.source.index + 1,
          }),
    );
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    if (!update.destination) return;
    provided.announce(
      update.type === 'COLUMN'
        ? t('kanban.move.overColumn', { position: update.destination.index + 1 })
        : t('kanban.move.over', {
            column: columnTitle(update.destination.droppableId),
            position: update.destination.index + 1,
          }),
    );
  };
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const { source, destination, draggableId, type } = result;
    const name = nameOf(type, draggableId);
    if (!destination) {
      provided.announce(t('kanban.move.cancelled', { name }));
      return;
    }
    provided.announce(
      type === 'COLUMN'
        ? t('kanban.move.columnMoved', { name, position: destination.index + 1 })
        : t('kanban.move.moved', {
            card: name,
            column: columnTitle(destination.droppableId),
            position: destination.index + 1,
          }),
    );
    if (destination.droppableId === source.droppableId && destination.index === source.index)
      return;
    const failed = (e: unknown) => notify.error(translateError(t, e));
    if (type === 'COLUMN') {
      moveColumn({ columnId: draggableId, toIndex: destination.index }).unwrap().catch(failed);
    } else {
      moveCard({
        cardId: draggableId,
        toColumnId: destination.droppableId,
        toIndex: destination.index,
      })
        .unwrap()
        .catch(failed);
    }
  };

  const addColumn = async () => {
    const parsed = kanbanColumnInputSchema.safeParse({ name: columnName });
    if (!parsed.success) {
      setColumnError(t('errors.field.required'));
      return;
    }
    try {
      await createColumn(parsed.data).unwrap();
      setColumnName('');
      setColumnError(null);
      setAdding(false);
    } catch (e) {
      setColumnError(translateError(t, e));
    }
  };

  const header = (
    <PageHeader
      title={t('kanban.title')}
      crumbs={[
        { name: t('nav.dashboard'), href: paths.dashboard.root },
        { name: t('kanban.title') },
      ]}
      action={
        <Chip
          size="small"
          data-testid="realtime-status"
          data-live={live ? 'true' : 'false'}
          color={live ? 'success' : 'default'}
          variant="outlined"
          label={live ? t('kanban.live') : t('kanban.offline')}
        />
      }
      sx={{ mb: { xs: 2, md: 3 } }}
    />
  );

  if (isLoading) {
    return (
      <>
        {header}
        <Stack direction="row" spacing={2} sx={{ overflow: 'hidden' }} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              width={COLUMN_WIDTH}
              height={420}
              sx={{ flexShrink: 0 }}
            />
          ))}
        </Stack>
      </>
    );
  }

  if (error || !board) {
    return (
      <>
        {header}
        <EmptyContent
          title={t('kanban.loadFailed')}
          description={translateError(t, error)}
          action={<Button onClick={() => void refetch()}>{t('common.reload')}</Button>}
        />
      </>
    );
  }

  const addColumnTile = canWrite && (
    <Paper
      variant="outlined"
      sx={{ width: COLUMN_WIDTH, flexShrink: 0, p: 1.5, borderRadius: 2, alignSelf: 'flex-start' }}
    >
      {adding ? (
        <TextField
          size="small"
          autoFocus
          fullWidth
          value={columnName}
          placeholder={t('kanban.column.namePlaceholder')}
          error={!!columnError}
          helperText={columnError ?? t('kanban.column.addHint')}
          disabled={creating}
          slotProps={{ htmlInput: { 'aria-label': t('kanban.column.name'), maxLength: 120 } }}
          onChange={(e) => setColumnName(e.target.value)}
          onBlur={() => {
            if (!columnName.trim()) setAdding(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void addColumn();
            if (e.key === 'Escape') setAdding(false);
          }}
        />
      ) : (
        <Button
          fullWidth
          size="large"
          color="inherit"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
        >
          {t('kanban.column.add')}
        </Button>
      )}
    </Paper>
  );

  return (
    <KanbanAnnouncer>
      {header}
      {board.columnOrder.length === 0 && !adding ? (
        <EmptyContent
          title={t('kanban.empty')}
          description={canWrite ? t('kanban.emptyHint') : undefined}
          action={
            canWrite && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {t('kanban.column.add')}
              </Button>
            )
          }
        />
      ) : (
        <DragDropContext
          nonce={cspNonce}
          onDragStart={onDragStart}
          onDragUpdate={onDragUpdate}
          onDragEnd={onDragEnd}
        >
          <Droppable droppableId="board" type="COLUMN" direction="horizontal">
            {(provided) => (
              <Box
                ref={provided.innerRef}
                {...provided.droppableProps}
                data-testid="kanban-board"
                sx={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  gap: 2,
                  pb: 2,
                  overflowX: 'auto',
                  minHeight: 400,
                }}
              >
                {board.columnOrder.map((columnId, index) => {
                  const column = board.columns[columnId];
                  if (!column) return null;
                  return (
                    <Draggable
                      key={columnId}
                      draggableId={columnId}
                      index={index}
                      isDragDisabled={!canWrite}
                    >
                      {(dragProvided) => (
                        <KanbanColumnView
                          column={column}
                          index={index}
                          count={board.columnOrder.length}
                          cards={board.cards}
                          provided={dragProvided}
                          canWrite={canWrite}
                          onOpenCard={openCard}
                        />
                      )}
                    </Draggable>
                  );
                })}
                {provided.placeholder}
                {addColumnTile}
              </Box>
            )}
          </Droppable>
        </DragDropContext>
      )}
      {board.columnOrder.length === 0 && adding && addColumnTile}

      {openCardId && (
        <Suspense fallback={null}>
          <KanbanCardDrawer
            card={board.cards[openCardId] ?? null}
            column={
              board.cards[openCardId]
                ? (board.columns[board.cards[openCardId].columnId] ?? null)
                : null
            }
            canWrite={canWrite}
            onClose={() => openCard(null)}
          />
        </Suspense>
      )}
    </KanbanAnnouncer>
  );
}
