import type { KanbanPriority } from '@bo/contract/kanban';

import type { LabelColor } from '../../components/label/label';

export const PRIORITY_COLOR: Record<KanbanPriority, LabelColor> = {
  low: 'info',
  medium: 'warning',
  high: 'error',
};
