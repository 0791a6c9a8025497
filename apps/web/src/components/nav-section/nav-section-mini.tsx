import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { NavItem } from './nav-item';
import type { NavGroupData, NavItemData } from './types';
import { useIsActive } from './use-active';

/** Sub-menu of a mini item: opens on hover or on click/Enter, to the side, and nests further. */
function MiniList({ item, depth }: { item: NavItemData; depth: number }) {
  const isActive = useIsActive();
  const { pathname } = useLocation();
  const anchor = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const hasChildren = !!item.children?.length;
  const active = isActive(item);

  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <Box
      component="li"
      sx={{ listStyle: 'none' }}
      onMouseEnter={hasChildren ? () => setOpen(true) : undefined}
      onMouseLeave={hasChildren ? () => setOpen(false) : undefined}
    >
      <NavItem
        ref={anchor}
        item={item}
        depth={depth}
        active={active}
        open={open}
        hasChildren={hasChildren}
        mini={depth === 1}
        onClick={hasChildren ? () => setOpen((v) => !v) : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {hasChildren && (
        <Popper
          open={open}
          anchorEl={anchor.current}
          placement="right-start"
          sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
          modifiers={[{ name: 'offset', options: { offset: [0, 4] } }]}
        >
          <ClickAwayListener onClickAway={() => setOpen(false)}>
            <Paper
              sx={{
                p: 0.5,
                minWidth: 180,
                boxShadow: (theme) => theme.customShadows.dropdown,
                borderRadius: 1.5,
              }}
            >
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {item.children?.map((child) => (
                  <MiniList key={`${child.title}-${child.path}`} item={child} depth={depth + 1} />
                ))}
              </Box>
            </Paper>
          </ClickAwayListener>
        </Popper>
      )}
    </Box>
  );
}

export function NavSectionMini({
  data,
  sx,
  label,
}: {
  data: NavGroupData[];
  sx?: SxProps<Theme>;
  label: string;
}) {
  return (
    <Box component="nav" aria-label={label} sx={sx}>
      {data.map((group) => (
        <Box component="ul" key={group.subheader} sx={{ p: 0, m: 0, px: 0.5, '& + &': { pt: 1 } }}>
          {group.items.map((item) => (
            <MiniList key={`${item.title}-${item.path}`} item={item} depth={1} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
