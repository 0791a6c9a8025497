import type { KanbanCard } from '@bo/contract/kanban';
import { AVATAR_GROUP_MAX } from '@bo/contract/constants';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DraggableProvided, DraggableStateSnapshot } from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';

import { Label } from '../../components/label/label';
import { PRIORITY_COLOR } from './kanban-priority';

type Props = {
  card: KanbanCard;
  provided: DraggableProvided;
  snapshot: DraggableStateSnapshot;
  onOpen: (cardId: string) => void;
};

/** One card of a column: the drag handle is the whole card; Enter or a click opens the drawer. */
export function KanbanCardItem({ card, provided, snapshot, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      ref={provided.innerRef}
      {...provided.draggableProps}
      {...provided.dragHandleProps}
      data-testid="kanban-card"
      data-card-id={card.id}
      // No aria-label: the card is named by what it shows (title, priority, labels, counts), so
      // the name holds its visible text (WCAG 2.5.3) — a name of the title alone did not.
      onClick={() => onOpen(card.id)}
      onKeyDown={(event) => {
        // Space belongs to the drag library (pick up / drop); Enter opens the details.
        if (event.key === 'Enter') onOpen(card.id);
      }}
      sx={{
        p: 2,
        mb: 1.5,
        cursor: 'pointer',
        borderRadius: 1.5,
        boxShadow: snapshot.isDragging ? 8 : 1,
        // Done cards say so with the check and the struck title, not by fading (which took
        // every text on them below 4.5:1).
        bgcolor: card.completed ? 'background.neutral' : 'background.paper',
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        {card.completed && (
          <CheckCircleIcon
            color="success"
            fontSize="small"
            aria-label={t('kanban.card.completed')}
            sx={{ mt: 0.25 }}
          />
        )}
        <Typography
          variant="subtitle2"
          sx={{
            flexGrow: 1,
            wordBreak: 'break-word',
            textDecoration: card.completed ? 'line-through' : 'none',
          }}
        >
          {card.name}
        </Typography>
      </Stack>

      {(card.labels.length > 0 || card.priority !== 'medium') && (
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Label color={PRIORITY_COLOR[card.priority]}>
            {t(`kanban.priority.${card.priority}`)}
          </Label>
          {card.labels.map((label) => (
            <Label key={label} variant="outlined">
              {label}
            </Label>
          ))}
        </Box>
      )}

      <Stack
        direction="row"
        sx={{ mt: 1.5, alignItems: 'center', gap: 1.5, color: 'text.disabled' }}
      >
        {card.commentCount > 0 && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center' }}
            aria-label={t('kanban.card.commentsCount', { count: card.commentCount })}
          >
            <ChatBubbleOutlineIcon sx={{ fontSize: 16 }} />
            <Typography variant="caption">{card.commentCount}</Typography>
          </Stack>
        )}
        {card.attachments.length > 0 && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center' }}
            aria-label={t('kanban.card.attachmentsCount', { count: card.attachments.length })}
          >
            <AttachFileIcon sx={{ fontSize: 16 }} />
            <Typography variant="caption">{card.attachments.length}</Typography>
          </Stack>
        )}
        {card.likes > 0 && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center' }}
            aria-label={t('kanban.card.likesCount', { count: card.likes })}
          >
            <FavoriteBorderIcon sx={{ fontSize: 16 }} />
            <Typography variant="caption">{card.likes}</Typography>
          </Stack>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {card.assignees.length > 0 && (
          <AvatarGroup
            max={AVATAR_GROUP_MAX}
            sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 12 } }}
          >
            {card.assignees.map((user) => (
              <Avatar key={user.id} alt={user.name} src={user.avatarUrl ?? undefined}>
                {user.name.charAt(0).toUpperCase()}
              </Avatar>
            ))}
          </AvatarGroup>
        )}
      </Stack>
    </Paper>
  );
}
