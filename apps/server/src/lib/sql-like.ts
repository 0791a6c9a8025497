/** Text for a LIKE pattern, matched as written: `%`, `_` and the backslash escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
