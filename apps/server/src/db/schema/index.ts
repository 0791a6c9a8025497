export * from './core.js';
export * from './commerce.js';
export * from './planning.js';
export * from './billing.js';
export * from './content.js';
export * from './messaging.js';
export * from './banking.js';
export * from './analytics.js';
