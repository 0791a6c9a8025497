/** Something shaped like an address (the server checks it fully). */
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

export type ParsedEmails = {
  /** Distinct addresses, lower case, in the order pasted. */
  emails: string[];
  /** Pieces that look meant as an address but are not one (a typo), as typed. */
  invalid: string[];
};

/**
 * The addresses of a pasted list or CSV: one per line, or separated by commas, semicolons or tabs;
 * `Name <address>` and quoted cells are read; in a CSV (a header line, several columns) only the
 * cells holding an `@` count, so names and roles in other columns are skipped.
 */
export function parseEmails(text: string): ParsedEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/[\n\r,;\t]+/)) {
    let cell = raw
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    const angled = /<([^>]+)>/.exec(cell);
    if (angled) cell = angled[1]!.trim();
    cell = cell.replace(/^mailto:/i, '');
    if (!cell) continue;
    if (!cell.includes('@')) continue; // a name, a role, a header cell
    if (!ADDRESS.test(cell)) {
      invalid.push(cell);
      continue;
    }
    const email = cell.toLowerCase();
    if (!seen.has(email)) {
      seen.add(email);
      emails.push(email);
    }
  }
  return { emails, invalid };
}
