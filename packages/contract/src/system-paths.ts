// Apart from the zod schemas of system.ts: the dashboard's frame asks for the system state (the
// administrators' mail banner) and must not bring those schemas to every screen.

/** Administration → System. */
export const SYSTEM_API = {
  state: '/api/admin/system',
  /** DELETE: removes the demo data (people, orders, mail…) loaded into a new database. */
  demoData: '/api/admin/system/demo-data',
} as const;
