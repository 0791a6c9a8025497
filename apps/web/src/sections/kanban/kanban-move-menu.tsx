import type { KanbanCard } from '@bo/contract/kanban';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { useKanbanBoardQuery, useMoveCardMutation } from './kanban-api';
import { useAnnounce } from './kanban-announcer';

/**
 * "Move to…": the keyboard (and pointer) alternative to dragging a card (WCAG 2.5.7): one place
 * up or down in its column, or to the end of another column.
 */
export function KanbanMoveCardMenu({ card }: { card: KanbanCard }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const { data: board } = useKanbanBoardQuery();
  const [moveCard] = useMoveCardMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!board) return null;
  const column = board.columns[card.columnId];
  const index = column?.cardIds.indexOf(card.id) ?? -1;

  const move = (toColumnId: string, toIndex: number) => {
    setAnchor(null);
    const target = board.columns[toColumnId];
    moveCard({ cardId: card.id, toColumnId, toIndex })
      .unwrap()
      .then(() =>
        announce(
          t('kanban.move.moved', {
            card: card.name,
            column: target?.name ?? '',
            position: toIndex + 1,
          }),
        ),
      )
      .catch((error: unknown) => notify.error(translateError(t, error)));
  };

  return (
    <>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        startIcon={<DriveFileMoveOutlinedIcon />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="kanban-move-card"
      >
        {t('kanban.move.moveTo')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled={index <= 0} onClick={() => move(card.columnId, index - 1)}>
          <ListItemIcon>
            <ArrowUpwardIcon fontSize="small" />
          </ListItemIcon>
          {t('kanban.move.up')}
        </MenuItem>
        <MenuItem
          disabled={!column || index < 0 || index >= column.cardIds.length - 1}
          onClick={() => move(card.columnId, index + 1)}
        >
          <ListItemIcon>
            <ArrowDownwardIcon fontSize="small" />
          </ListItemIcon>
          {t('kanban.move.down')}
        </MenuItem>
        <Divider />
        <ListSubheader>{t('kanban.move.toColumn')}</ListSubheader>
        {board.columnOrder.map((columnId) => {
          const target = board.columns[columnId];
          if (!target) return null;
          return (
            <MenuItem
              key={columnId}
              disabled={columnId === card.columnId}
              onClick={() => move(columnId, target.cardIds.length)}
            >
              {target.name}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
