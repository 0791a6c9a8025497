import { KANBAN_API, KANBAN_BOARD_COMMENTS_MAX, KANBAN_EVENTS } from '@bo/contract/kanban';
import type {
  KanbanBoard,
  KanbanCard,
  KanbanCardInput,
  KanbanCardMovedPayload,
  KanbanCardPatch,
  KanbanColumn,
  KanbanColumnMovedPayload,
  KanbanComment,
  KanbanUser,
} from '@bo/contract/kanban';
import { useEffect } from 'react';

import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { AppDispatch } from '../../store/store';

/** The spec's board state: cards and columns keyed by id, and the column order. */
export type BoardState = {
  cards: Record<string, KanbanCard>;
  columns: Record<string, KanbanColumn>;
  columnOrder: string[];
};

const TAG = 'KanbanBoard' as const;

/** What a mutation's onQueryStarted receives, as far as these helpers use it. */
type Lifecycle<T> = { dispatch: AppDispatch; queryFulfilled: Promise<{ data: T }> };

function keyed(board: KanbanBoard): BoardState {
  return {
    cards: Object.fromEntries(board.cards.map((c) => [c.id, c])),
    columns: Object.fromEntries(board.columns.map((c) => [c.id, c])),
    columnOrder: board.columnOrder,
  };
}

/** Moves a card in the cached board (used optimistically and to replay a move from elsewhere). */
export function applyCardMove(
  board: BoardState,
  cardId: string,
  toColumnId: string,
  toIndex: number,
) {
  const card = board.cards[cardId];
  const target = board.columns[toColumnId];
  if (!card || !target) return;
  const source = board.columns[card.columnId];
  if (source) source.cardIds = source.cardIds.filter((id) => id !== cardId);
  const ids = target.cardIds.filter((id) => id !== cardId);
  ids.splice(Math.min(Math.max(toIndex, 0), ids.length), 0, cardId);
  target.cardIds = ids;
  card.columnId = toColumnId;
}

export function applyColumnMove(board: BoardState, columnId: string, toIndex: number) {
  if (!board.columns[columnId]) return;
  const order = board.columnOrder.filter((id) => id !== columnId);
  order.splice(Math.min(Math.max(toIndex, 0), order.length), 0, columnId);
  board.columnOrder = order;
}

function removeCards(board: BoardState, ids: string[]) {
  for (const id of ids) delete board.cards[id];
}

const kanbanApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => {
    /** Optimistic change of the cached board, undone if the call fails. */
    const optimistic =
      <A>(recipe: (board: BoardState, arg: A) => void) =>
      async (arg: A, { dispatch, queryFulfilled }: Lifecycle<unknown>) => {
        const patch = dispatch(
          kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => recipe(board, arg)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      };

    /** Replaces a card with the server's answer once it arrives. */
    const storeCard = async (
      _arg: unknown,
      { dispatch, queryFulfilled }: Lifecycle<{ card: KanbanCard }>,
    ) => {
      try {
        const { data } = await queryFulfilled;
        // The opened card (with all its comments) and the board's copy, which holds the newest
        // few as the board answers them (our screens count them there).
        dispatch(kanbanApi.util.updateQueryData('kanbanCard', data.card.id, () => data.card));
        dispatch(
          kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => {
            const isNew = !board.cards[data.card.id];
            board.cards[data.card.id] = {
              ...data.card,
              comments: data.card.comments.slice(-KANBAN_BOARD_COMMENTS_MAX),
            };
            const column = board.columns[data.card.columnId];
            if (isNew && column && !column.cardIds.includes(data.card.id))
              column.cardIds.push(data.card.id);
          }),
        );
      } catch {
        // The caller shows the error.
      }
    };

    return {
      kanbanBoard: build.query<BoardState, void>({
        query: () => KANBAN_API.board,
        transformResponse: (answer: { board: KanbanBoard }) => keyed(answer.board),
        providesTags: [TAG],
      }),
      /** One card with its comments, loaded when its drawer opens (the board counts them). */
      kanbanCard: build.query<KanbanCard, string>({
        query: (id) => KANBAN_API.card(id),
        transformResponse: (answer: { card: KanbanCard }) => answer.card,
        providesTags: (_result, _error, id) => [{ type: TAG, id }],
      }),
      assignableUsers: build.query<{ users: KanbanUser[]; total: number }, { q?: string }>({
        query: ({ q }) => ({ url: KANBAN_API.assignableUsers, query: { q, limit: 50 } }),
      }),
      createColumn: build.mutation<{ column: KanbanColumn }, { name: string }>({
        query: (body) => ({ url: KANBAN_API.columnNew, method: 'POST', body }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => {
                board.columns[data.column.id] = data.column;
                if (!board.columnOrder.includes(data.column.id))
                  board.columnOrder.push(data.column.id);
              }),
            );
          } catch {
            // The caller shows the error.
          }
        },
      }),
      renameColumn: build.mutation<{ column: KanbanColumn }, { columnId: string; name: string }>({
        query: ({ columnId, name }) => ({
          url: KANBAN_API.columnUpdate,
          method: 'POST',
          body: { columnId, column: { name } },
        }),
        onQueryStarted: optimistic((board, { columnId, name }) => {
          const column = board.columns[columnId];
          if (column) column.name = name;
        }),
      }),
      deleteColumn: build.mutation<{ columnId: string }, { columnId: string }>({
        query: (body) => ({ url: KANBAN_API.columnDelete, method: 'POST', body }),
        onQueryStarted: optimistic((board, { columnId }) => {
          removeCards(board, board.columns[columnId]?.cardIds ?? []);
          delete board.columns[columnId];
          board.columnOrder = board.columnOrder.filter((id) => id !== columnId);
        }),
      }),
      clearColumn: build.mutation<{ column: KanbanColumn }, { columnId: string }>({
        query: (body) => ({ url: KANBAN_API.columnClear, method: 'POST', body }),
        onQueryStarted: optimistic((board, { columnId }) => {
          const column = board.columns[columnId];
          if (!column) return;
          removeCards(board, column.cardIds);
          column.cardIds = [];
        }),
      }),
      moveColumn: build.mutation<{ columnOrder: string[] }, { columnId: string; toIndex: number }>({
        query: (body) => ({ url: KANBAN_API.columnMove, method: 'POST', body }),
        onQueryStarted: optimistic((board, { columnId, toIndex }) =>
          applyColumnMove(board, columnId, toIndex),
        ),
      }),
      createCard: build.mutation<{ card: KanbanCard }, { columnId: string; card: KanbanCardInput }>(
        {
          query: (body) => ({ url: KANBAN_API.cardNew, method: 'POST', body }),
          onQueryStarted: storeCard,
        },
      ),
      updateCard: build.mutation<{ card: KanbanCard }, { cardId: string; card: KanbanCardPatch }>({
        query: (body) => ({ url: KANBAN_API.cardUpdate, method: 'POST', body }),
        async onQueryStarted(arg, api2) {
          // Plain fields change at once; assignees wait for the server's names and avatars.
          const { assigneeIds: _ids, assignee: _family, due, dueRange, ...fields } = arg.card;
          const range = due ?? dueRange;
          const undo = api2.dispatch(
            kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => {
              const card = board.cards[arg.cardId];
              if (!card) return;
              Object.assign(card, fields);
              if (range) {
                card.dueRange = { start: range.start, end: range.end };
                card.due = [range.start, range.end];
              }
            }),
          );
          try {
            await storeCard(arg, api2);
            await api2.queryFulfilled;
          } catch {
            undo.undo();
          }
        },
      }),
      moveCard: build.mutation<
        { card: KanbanCard },
        { cardId: string; toColumnId: string; toIndex: number }
      >({
        query: (body) => ({ url: KANBAN_API.cardMove, method: 'POST', body }),
        onQueryStarted: optimistic((board, { cardId, toColumnId, toIndex }) =>
          applyCardMove(board, cardId, toColumnId, toIndex),
        ),
      }),
      deleteCard: build.mutation<{ cardId: string }, { cardId: string }>({
        query: (body) => ({ url: KANBAN_API.cardDelete, method: 'POST', body }),
        onQueryStarted: optimistic((board, { cardId }) => {
          const card = board.cards[cardId];
          if (!card) return;
          const column = board.columns[card.columnId];
          if (column) column.cardIds = column.cardIds.filter((id) => id !== cardId);
          delete board.cards[cardId];
        }),
      }),
      commentCard: build.mutation<{ comment: KanbanComment }, { cardId: string; message: string }>({
        query: (body) => ({ url: KANBAN_API.cardComment, method: 'POST', body }),
        async onQueryStarted({ cardId }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            let added = false;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanCard', cardId, (card) => {
                card.comments ??= [];
                if (card.comments.some((c) => c.id === data.comment.id)) return;
                card.comments.push(data.comment);
                card.commentCount = card.comments.length;
                added = true;
              }),
            );
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => {
                const card = board.cards[cardId];
                if (card && added) card.commentCount += 1;
              }),
            );
          } catch {
            // The caller shows the error.
          }
        },
      }),
      attachFile: build.mutation<{ card: KanbanCard }, { cardId: string; fileId: string }>({
        query: (body) => ({ url: KANBAN_API.cardAttach, method: 'POST', body }),
        onQueryStarted: storeCard,
      }),
      detachFile: build.mutation<{ card: KanbanCard }, { cardId: string; fileId: string }>({
        query: (body) => ({ url: KANBAN_API.cardDetach, method: 'POST', body }),
        onQueryStarted: storeCard,
      }),
      likeCard: build.mutation<{ card: KanbanCard }, { cardId: string; liked: boolean }>({
        query: (body) => ({ url: KANBAN_API.cardLike, method: 'POST', body }),
        async onQueryStarted(arg, api2) {
          const undo = api2.dispatch(
            kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => {
              const card = board.cards[arg.cardId];
              if (!card || card.liked === arg.liked) return;
              card.liked = arg.liked;
              card.likes += arg.liked ? 1 : -1;
            }),
          );
          try {
            await storeCard(arg, api2);
            await api2.queryFulfilled;
          } catch {
            undo.undo();
          }
        },
      }),
    };
  },
});

export const {
  useKanbanBoardQuery,
  useAssignableUsersQuery,
  useCreateColumnMutation,
  useRenameColumnMutation,
  useDeleteColumnMutation,
  useClearColumnMutation,
  useMoveColumnMutation,
  useCreateCardMutation,
  useUpdateCardMutation,
  useMoveCardMutation,
  useDeleteCardMutation,
  useKanbanCardQuery,
  useCommentCardMutation,
  useAttachFileMutation,
  useDetachFileMutation,
  useLikeCardMutation,
} = kanbanApi;

const REFETCH_DEBOUNCE_MS = 150;

/**
 * Keeps the cached board in step with other people: moves are replayed in place (so a card
 * glides to its new column within the second), other changes refetch the board once.
 */
export function useKanbanLive(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    const refetch = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => dispatch(kanbanApi.util.invalidateTags([TAG])),
        REFETCH_DEBOUNCE_MS,
      );
    };
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type === KANBAN_EVENTS.cardMoved) {
        const move = event.payload as KanbanCardMovedPayload;
        let known = true;
        dispatch(
          kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) => {
            if (!board.cards[move.cardId] || !board.columns[move.toColumnId]) {
              known = false;
              return;
            }
            applyCardMove(board, move.cardId, move.toColumnId, move.toIndex);
          }),
        );
        if (!known) refetch();
      } else if (event.type === KANBAN_EVENTS.columnMoved) {
        const move = event.payload as KanbanColumnMovedPayload;
        dispatch(
          kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
            applyColumnMove(board, move.columnId, move.toIndex),
          ),
        );
      } else if (event.type.startsWith('kanban.') || event.type === REALTIME_RESYNC) {
        refetch();
      }
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [dispatch]);
}
