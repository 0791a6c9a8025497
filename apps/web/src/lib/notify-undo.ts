import { createElement } from 'react';

/**
 * A success message with an "Undo" button (the trash, a move): notistack and the button load
 * with the first such message, so nothing of it weighs on the first paint of any screen.
 */
export function notifyWithUndo(message: string, label: string, onUndo: () => void): void {
  void Promise.all([import('notistack'), import('@mui/material/Button')]).then(
    ([{ enqueueSnackbar, closeSnackbar }, { default: Button }]) =>
      enqueueSnackbar(message, {
        variant: 'success',
        autoHideDuration: 8000,
        action: (key) =>
          createElement(
            Button,
            {
              color: 'inherit',
              size: 'small',
              onClick: () => {
                closeSnackbar(key);
                onUndo();
              },
            },
            label,
          ),
      }),
  );
}
