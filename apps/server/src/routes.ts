import type { FastifyInstance } from 'fastify';

/**
 * Route modules of the product's areas, registered after the core ones. Each area adds its
 * own line here (users, products, orders, calendar, kanban, …).
 */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [];
