import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import { NavItem } from './nav-item';
import type { NavGroupData, NavItemData } from './types';
import { useIsActive } from './use-active';

function NavList({ item, depth }: { item: NavItemData; depth: number }) {
  const isActive = useIsActive();
  const active = isActive(item);
  const hasChildren = !!item.children?.length;
  const [open, setOpen] = useState(active);

  // Following a link elsewhere (search, breadcrumbs) opens the branch that now holds the page.
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <NavItem
        item={item}
        depth={depth}
        active={active}
        open={open}
        hasChildren={hasChildren}
        onClick={hasChildren ? () => setOpen((v) => !v) : undefined}
      />
      {hasChildren && (
        <Collapse in={open} unmountOnExit>
          <Box
            component="ul"
            sx={{
              p: 0,
              m: 0,
              // Sub-levels indent by the icon width so their dots line up under the parent icon.
              pl: depth === 1 ? 0 : 2,
            }}
          >
            {item.children?.map((child) => (
              <NavList key={`${child.title}-${child.path}`} item={child} depth={depth + 1} />
            ))}
          </Box>
        </Collapse>
      )}
    </Box>
  );
}

function NavGroup({ group }: { group: NavGroupData }) {
  const [open, setOpen] = useState(true);
  return (
    <List disablePadding sx={{ px: 2 }} component="div">
      <ListSubheader
        disableSticky
        component="button"
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        sx={(theme) => ({
          ...theme.typography.overline,
          fontSize: 11,
          cursor: 'pointer',
          display: 'block',
          width: 1,
          textAlign: 'start',
          border: 0,
          bgcolor: 'transparent',
          pt: 2,
          pb: 1,
          pl: 1.5,
          color: 'text.disabled',
          transition: theme.transitions.create('color'),
          '&:hover': { color: 'text.primary' },
        })}
      >
        {group.subheader}
      </ListSubheader>
      <Collapse in={open}>
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {group.items.map((item) => (
            <NavList key={`${item.title}-${item.path}`} item={item} depth={1} />
          ))}
        </Box>
      </Collapse>
    </List>
  );
}

export function NavSectionVertical({
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
        <NavGroup key={group.subheader} group={group} />
      ))}
    </Box>
  );
}
