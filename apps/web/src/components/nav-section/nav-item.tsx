import { LAYOUT } from '@bo/contract/constants';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { forwardRef } from 'react';
import { Link } from 'react-router';

import type { NavItemData } from './types';

type Props = {
  item: NavItemData;
  depth: number;
  active: boolean;
  open?: boolean;
  hasChildren: boolean;
  onClick?: () => void;
  /** Mini nav: icon above a small title, and the arrow points sideways to the popover. */
  mini?: boolean;
  sx?: SxProps<Theme>;
} & Omit<React.HTMLAttributes<HTMLElement>, 'onClick'>;

function Dot({ active }: { active: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        width: 24,
        height: 24,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      <Box
        component="span"
        sx={(theme) => ({
          width: 4,
          height: 4,
          borderRadius: '50%',
          bgcolor: 'text.disabled',
          transition: theme.transitions.create('transform'),
          ...(active && { transform: 'scale(2)', bgcolor: 'primary.main' }),
        })}
      />
    </Box>
  );
}

export const NavItem = forwardRef<HTMLElement, Props>(function NavItem(
  { item, depth, active, open, hasChildren, onClick, mini = false, sx, ...other },
  ref,
) {
  const root = depth === 1;
  const iconSize = mini ? LAYOUT.navMiniIconSize : LAYOUT.navIconSize;

  const icon: ReactNode = root ? (
    <Box
      component="span"
      sx={{
        width: iconSize,
        height: iconSize,
        flexShrink: 0,
        display: 'inline-flex',
        '& svg': { width: 1, height: 1 },
      }}
    >
      {item.icon}
    </Box>
  ) : (
    <Dot active={active} />
  );

  const arrow = hasChildren ? (
    mini ? (
      <ChevronRightRounded
        sx={{
          position: 'absolute',
          top: 8,
          right: 6,
          fontSize: 16,
          transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none'),
        }}
      />
    ) : (
      <ExpandMoreRounded
        sx={(theme) => ({
          ml: 'auto',
          fontSize: 18,
          flexShrink: 0,
          transition: theme.transitions.create('transform'),
          // Right-to-left styles are flipped by the rtl emotion plugin, rotation included.
          transform: open ? 'none' : 'rotate(-90deg)',
        })}
      />
    )
  ) : item.external ? (
    <OpenInNewRounded sx={{ ml: 'auto', fontSize: 16, opacity: 0.64 }} />
  ) : null;

  const linkProps = hasChildren
    ? { component: 'div' as const, role: 'button', 'aria-expanded': open }
    : item.external
      ? { component: 'a' as const, href: item.path, target: '_blank', rel: 'noopener' }
      : { component: Link, to: item.path };

  const content = (
    <ListItemButton
      ref={ref as React.Ref<HTMLDivElement>}
      {...linkProps}
      {...other}
      onClick={onClick}
      disabled={item.disabled}
      selected={active}
      aria-current={active && !hasChildren ? 'page' : undefined}
      data-nav-path={item.path}
      sx={[
        (theme) => ({
          position: 'relative',
          gap: mini ? 0.5 : 2,
          mb: 0.5,
          px: mini ? 0.5 : 1.5,
          py: mini ? 1 : 0,
          borderRadius: 1,
          color: 'text.secondary',
          minHeight: root ? LAYOUT.navItemHeight : LAYOUT.navSubItemHeight,
          flexDirection: mini ? 'column' : 'row',
          justifyContent: mini ? 'center' : 'flex-start',
          textAlign: mini ? 'center' : 'start',
          '&.Mui-selected': {
            // The dark shade on the light tint: 4.5:1 for every preset (the main shade is ~3:1).
            color: root ? 'primary.dark' : 'text.primary',
            bgcolor: root ? alpha(theme.palette.primary.main, 0.08) : 'action.selected',
            fontWeight: 600,
            '&:hover': {
              bgcolor: root ? alpha(theme.palette.primary.main, 0.16) : 'action.hover',
            },
            ...(theme.palette.mode === 'dark' && root && { color: 'primary.light' }),
          },
          ...(open && !active && { color: 'text.primary', bgcolor: 'action.hover' }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {icon}
      <Box
        component="span"
        sx={{
          flex: mini ? 'none' : '1 1 auto',
          minWidth: 0,
          typography: mini ? 'caption' : 'body2',
          fontSize: mini ? 10 : 14,
          lineHeight: mini ? '16px' : '22px',
          fontWeight: active ? 600 : 500,
          whiteSpace: mini ? 'normal' : 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          width: mini ? 1 : 'auto',
        }}
      >
        {item.title}
        {!mini && item.caption && (
          <Box
            component="span"
            sx={{ display: 'block', typography: 'caption', color: 'text.disabled' }}
          >
            {item.caption}
          </Box>
        )}
      </Box>
      {!mini && item.info}
      {arrow}
    </ListItemButton>
  );

  return mini && item.caption ? (
    <Tooltip title={item.caption} placement="right">
      {content}
    </Tooltip>
  ) : (
    content
  );
});
