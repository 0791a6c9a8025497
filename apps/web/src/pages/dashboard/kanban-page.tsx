import { KanbanView } from '../../sections/kanban/kanban-view';

/** /dashboard/kanban */
export function Component() {
  return <KanbanView />;
}
