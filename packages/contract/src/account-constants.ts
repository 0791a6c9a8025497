// Kept apart from the zod schemas so the web app's account pages can import them without
// bundling zod (it loads there only once someone submits a form).

/** A password's length bounds, on both sides; the server adds "not the email" and the list. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
