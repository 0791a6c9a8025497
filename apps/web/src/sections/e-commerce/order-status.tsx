import type { OrderStatus } from '@bo/contract/orders';
import { useTranslation } from 'react-i18next';

import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';

export const STATUS_COLOR: Record<OrderStatus, LabelColor> = {
  pending: 'warning',
  completed: 'success',
  cancelled: 'error',
  refunded: 'default',
};

export function OrderStatusLabel({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Label color={STATUS_COLOR[status]}>{t(`ecommerce.orders.status.${status}`)}</Label>;
}
