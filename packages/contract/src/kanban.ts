import { z } from 'zod';

import { isoDateTime } from './common';
import { apiPath } from './api-path';

export const KANBAN_API = {
  board: '/api/kanban/board',
  columnNew: '/api/kanban/columns/new',
  columnUpdate: '/api/kanban/columns/update',
  columnDelete: '/api/kanban/columns/delete',
  columnMove: '/api/kanban/columns/move',
  columnClear: '/api/kanban/columns/clear',
  cardNew: '/api/kanban/cards/new',
  cardUpdate: '/api/kanban/cards/update',
  cardMove: '/api/kanban/cards/move',
  cardDelete: '/api/kanban/cards/delete',
  cardComment: '/api/kanban/cards/comment',
  /** One card with its comments (GET; the board counts them). */
  card: apiPath('/api/kanban/cards/:id', { encode: true }),
  cardAttach: '/api/kanban/cards/attach',
  cardDetach: '/api/kanban/cards/detach',
  cardLike: '/api/kanban/cards/like',
  assignableUsers: '/api/kanban/assignable-users',
} as const;

export const KANBAN_PRIORITIES = ['low', 'medium', 'high'] as const;
export type KanbanPriority = (typeof KANBAN_PRIORITIES)[number];

export const KANBAN_NAME_MAX = 120;
export const KANBAN_CARD_NAME_MAX = 200;
export const KANBAN_DESCRIPTION_MAX = 5000;
export const KANBAN_LABEL_MAX = 40;
export const KANBAN_LABELS_MAX = 10;
export const KANBAN_ASSIGNEES_MAX = 20;
export const KANBAN_COMMENT_MAX = 2000;
export const KANBAN_COLUMNS_MAX = 50;
/**
 * The board sends at most this many comments per card (its newest ones, oldest first);
 * `commentCount` counts them all, and the card opened alone (or `?include=comments`) has them all.
 */
export const KANBAN_BOARD_COMMENTS_MAX = 20;

export const kanbanUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type KanbanUser = z.infer<typeof kanbanUserSchema>;

export const KANBAN_COMMENT_MESSAGE_TYPES = ['text', 'image'] as const;

/**
 * A comment: ours reads `author`; the template family's clients read the author flat (`name`,
 * `avatarUrl`) and a `messageType` (ours are always text).
 */
export const kanbanCommentSchema = z.object({
  id: z.string().uuid(),
  message: z.string(),
  createdAt: z.string(),
  author: kanbanUserSchema.nullable(),
  /** Family: the author's name ('' once the account is deleted); ours is `author.name`. */
  name: z.string().describe("Template family: the author's name (ours: author.name)"),
  /** Family: the author's picture; ours is `author.avatarUrl`. */
  avatarUrl: z
    .string()
    .nullable()
    .describe("Template family: the author's picture (ours: author.avatarUrl)"),
  /** Family: what `message` holds; comments are text. */
  messageType: z
    .enum(KANBAN_COMMENT_MESSAGE_TYPES)
    .describe('Template family: what message holds (always text here)'),
});
export type KanbanComment = z.infer<typeof kanbanCommentSchema>;

export const kanbanAttachmentSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type KanbanAttachment = z.infer<typeof kanbanAttachmentSchema>;

export const kanbanDueSchema = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
});

/** A person as the template family's clients read it (`avatar`, not `avatarUrl`). */
export const kanbanFamilyUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
});

export const kanbanCardSchema = z.object({
  id: z.string().uuid(),
  columnId: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  assignees: z.array(kanbanUserSchema),
  /** The same people in the template family's shape, for its clients. */
  assignee: z.array(kanbanFamilyUserSchema),
  /** The template family's `[start, end]`; our screens read `dueRange`. */
  due: z.tuple([z.string().nullable(), z.string().nullable()]),
  dueRange: kanbanDueSchema,
  priority: z.enum(KANBAN_PRIORITIES),
  labels: z.array(z.string()),
  attachments: z.array(kanbanAttachmentSchema),
  commentCount: z.number().int(),
  /**
   * The card's comments, oldest first. The template family's clients read `comments.length` and
   * the items. On the board: the newest `KANBAN_BOARD_COMMENTS_MAX` only (`commentCount` counts
   * them all); a card opened alone, or the board with `?include=comments`, carries them all.
   */
  comments: z
    .array(kanbanCommentSchema)
    .describe(
      `Comments, oldest first; on the board the newest ${KANBAN_BOARD_COMMENTS_MAX} per card (commentCount counts all), all with ?include=comments or on one card`,
    ),
  completed: z.boolean(),
  likes: z.number().int(),
  /** Whether the person asking has liked the card. */
  liked: z.boolean(),
  reporter: kanbanUserSchema.nullable(),
  createdAt: z.string(),
});
export type KanbanCard = z.infer<typeof kanbanCardSchema>;

export const kanbanColumnSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  cardIds: z.array(z.string().uuid()),
});
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

/** The spec's board state: cards, columns (each with its ordered cardIds) and columnOrder. */
export const kanbanBoardSchema = z.object({
  cards: z.array(kanbanCardSchema),
  columns: z.array(kanbanColumnSchema),
  columnOrder: z.array(z.string().uuid()),
});
export type KanbanBoard = z.infer<typeof kanbanBoardSchema>;
export const kanbanBoardAnswerSchema = z.object({ board: kanbanBoardSchema });
export const kanbanBoardQuerySchema = z.object({
  /** `comments`: each card with all its comments (the board sends the newest few per card). */
  include: z.enum(['comments']).optional(),
});
export const kanbanCardParamsSchema = z.object({ id: z.string().uuid() });

const columnName = z.string().trim().min(1).max(KANBAN_NAME_MAX);

export const kanbanColumnInputSchema = z.object({ name: columnName });
export type KanbanColumnInput = z.infer<typeof kanbanColumnInputSchema>;
export const kanbanColumnAnswerSchema = z.object({ column: kanbanColumnSchema });

export const kanbanColumnUpdateBodySchema = z.object({
  columnId: z.string().uuid(),
  column: kanbanColumnInputSchema,
});
export const kanbanColumnIdBodySchema = z.object({ columnId: z.string().uuid() });
export const kanbanColumnMoveBodySchema = z.object({
  columnId: z.string().uuid(),
  toIndex: z.number().int().min(0).max(100_000),
});
export const kanbanColumnOrderAnswerSchema = z.object({ columnOrder: z.array(z.string().uuid()) });
export const kanbanColumnDeleteAnswerSchema = z.object({ columnId: z.string().uuid() });

const labelsSchema = z.array(z.string().trim().min(1).max(KANBAN_LABEL_MAX)).max(KANBAN_LABELS_MAX);
const dueInputSchema = z.object({
  start: isoDateTime.nullable(),
  end: isoDateTime.nullable(),
});
/** `due` is written as `{ start, end }` or as the template family's `[start, end]`. */
const dueWriteSchema = z.union([
  dueInputSchema,
  z
    .tuple([isoDateTime.nullable(), isoDateTime.nullable()])
    .transform(([start, end]) => ({ start, end })),
]);

/** Card fields a person writes; assignees by user id. */
export const kanbanCardInputSchema = z.object({
  name: z.string().trim().min(1).max(KANBAN_CARD_NAME_MAX),
  description: z.string().max(KANBAN_DESCRIPTION_MAX).optional(),
  priority: z.enum(KANBAN_PRIORITIES).optional(),
  labels: labelsSchema.optional(),
  due: dueWriteSchema.optional(),
  /** Same as `due` as an object; `due` wins when both are sent. */
  dueRange: dueInputSchema.optional(),
  completed: z.boolean().optional(),
  assigneeIds: z.array(z.string().uuid()).max(KANBAN_ASSIGNEES_MAX).optional(),
  /** The template family's form of `assigneeIds` (`[{ id }]`); `assigneeIds` wins. */
  assignee: z
    .array(z.object({ id: z.string().uuid() }))
    .max(KANBAN_ASSIGNEES_MAX)
    .optional(),
});
export type KanbanCardInput = z.infer<typeof kanbanCardInputSchema>;
export const kanbanCardPatchSchema = kanbanCardInputSchema.partial();
export type KanbanCardPatch = z.infer<typeof kanbanCardPatchSchema>;

export const kanbanCardNewBodySchema = z.object({
  columnId: z.string().uuid(),
  card: kanbanCardInputSchema,
});
export const kanbanCardUpdateBodySchema = z.object({
  cardId: z.string().uuid(),
  card: kanbanCardPatchSchema,
});
export const kanbanCardIdBodySchema = z.object({ cardId: z.string().uuid() });
export const kanbanCardMoveBodySchema = z.object({
  cardId: z.string().uuid(),
  toColumnId: z.string().uuid(),
  toIndex: z.number().int().min(0).max(100_000),
});
export const kanbanCardCommentBodySchema = z.object({
  cardId: z.string().uuid(),
  message: z.string().trim().min(1).max(KANBAN_COMMENT_MAX),
});
export const kanbanCardFileBodySchema = z.object({
  cardId: z.string().uuid(),
  fileId: z.string().uuid(),
});
export const kanbanCardLikeBodySchema = z.object({
  cardId: z.string().uuid(),
  liked: z.boolean(),
});
export const kanbanCardAnswerSchema = z.object({ card: kanbanCardSchema });
export const kanbanCardDeleteAnswerSchema = z.object({ cardId: z.string().uuid() });
export const kanbanCommentAnswerSchema = z.object({ comment: kanbanCommentSchema });

export const kanbanAssignableQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const kanbanAssignableAnswerSchema = z.object({
  users: z.array(kanbanUserSchema),
  total: z.number().int(),
});

/** Stable codes of the board's field errors. */
export const KANBAN_ERRORS = {
  dueEndBeforeStart: 'end_before_start',
  unknownUser: 'unknown_user',
  unknownFile: 'unknown_file',
  tooManyColumns: 'too_many_columns',
} as const;

/**
 * Realtime event types of the board. Moves carry enough to replay them in another browser
 * (`{ cardId, fromColumnId, toColumnId, toIndex }`, `{ columnId, toIndex }`); the others carry
 * ids and the client refetches the board.
 */
export const KANBAN_EVENTS = {
  cardMoved: 'kanban.card.moved',
  columnMoved: 'kanban.column.moved',
  changed: 'kanban.board.changed',
} as const;

export type KanbanCardMovedPayload = {
  cardId: string;
  fromColumnId: string;
  toColumnId: string;
  toIndex: number;
};
export type KanbanColumnMovedPayload = { columnId: string; toIndex: number };
