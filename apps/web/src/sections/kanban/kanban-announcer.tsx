import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useState } from 'react';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/**
 * A polite live region for the board: moves made from a menu are spoken with the card's and the
 * column's names (drags speak through the drag library's own announcer, with the same words).
 */
export function KanbanAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  // The same sentence twice in a row is still read: the region is emptied first.
  const announce = useCallback((next: string) => {
    setMessage('');
    window.setTimeout(() => setMessage(next), 50);
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="kanban-announcer">
        {message}
      </Box>
    </AnnounceContext.Provider>
  );
}

export const useAnnounce = () => useContext(AnnounceContext);
