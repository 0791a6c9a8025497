// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const PUBLIC_API = {
  contact: '/api/public/contact',
  notify: '/api/public/notify',
} as const;
