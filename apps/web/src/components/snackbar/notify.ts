type Variant = 'success' | 'info' | 'warning' | 'error';

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

function show(message: string, variant: Variant): void {
  void notistack().then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant }));
}

export const notify = Object.assign((message: string) => show(message, 'success'), {
  success: (message: string) => show(message, 'success'),
  info: (message: string) => show(message, 'info'),
  warning: (message: string) => show(message, 'warning'),
  error: (message: string) => show(message, 'error'),
  closeAll: () => void notistack().then(({ closeSnackbar }) => closeSnackbar()),
});
