import Button from '@mui/material/Button';
import { createElement } from 'react';

type Variant = 'success' | 'info' | 'warning' | 'error';
/** A button on the message, e.g. "Undo" (the message closes when it is pressed). */
export type NotifyOptions = { action?: { label: string; onClick: () => void } };

/**
 * The one notification helper (STYLE: one way to do each thing); success is the default.
 * notistack loads after the first paint (it is not needed to sign in), so messages wait for the
 * host to mount, then show in order.
 */
let markReady: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function snackbarHostMounted(): void {
  markReady();
}

const notistack = () => hostReady.then(() => import('notistack'));

function show(message: string, variant: Variant, options: NotifyOptions = {}): void {
  void notistack().then(({ enqueueSnackbar, closeSnackbar }) =>
    enqueueSnackbar(message, {
      variant,
      ...(options.action
        ? {
            autoHideDuration: 8000,
            action: (key) =>
              createElement(
                Button,
                {
                  color: 'inherit',
                  size: 'small',
                  onClick: () => {
                    closeSnackbar(key);
                    options.action!.onClick();
                  },
                },
                options.action!.label,
              ),
          }
        : {}),
    }),
  );
}

export const notify = Object.assign((message: string) => show(message, 'success'), {
  success: (message: string, options?: NotifyOptions) => show(message, 'success', options),
  info: (message: string) => show(message, 'info'),
  warning: (message: string) => show(message, 'warning'),
  error: (message: string) => show(message, 'error'),
  closeAll: () => void notistack().then(({ closeSnackbar }) => closeSnackbar()),
});
