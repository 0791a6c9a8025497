import type { WebhookDeliveryStatus } from '@bo/contract/webhooks';

export const DELIVERY_COLOR: Record<
  WebhookDeliveryStatus,
  'default' | 'info' | 'warning' | 'error' | 'success'
> = {
  queued: 'default',
  retrying: 'warning',
  delivered: 'success',
  failed: 'error',
};

/** An error's words, dark enough on the paper in both modes (error.main fails AA contrast). */
export const errorTextSx = {
  color: (theme: { palette: { mode: string; error: { dark: string; light: string } } }) =>
    theme.palette.mode === 'light' ? theme.palette.error.dark : theme.palette.error.light,
} as const;
