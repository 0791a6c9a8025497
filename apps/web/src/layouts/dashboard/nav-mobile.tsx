import { Suspense, lazy, useState } from 'react';

import type { NavGroupData } from '../../components/nav-section/types';

// The drawer (MUI Drawer, Modal, Slide) is fetched the first time the menu button is pressed.
const NavMobileDrawer = lazy(() =>
  import('./nav-mobile-drawer').then((m) => ({ default: m.NavMobileDrawer })),
);

type Props = { data: NavGroupData[]; open: boolean; onClose: () => void };

/** Below the desktop breakpoint the side bar is a temporary drawer, mounted once first opened. */
export function NavMobile(props: Props) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <NavMobileDrawer {...props} />
    </Suspense>
  );
}
