/** Lower case without accents: "Ngô Bảo" and "ngo bao" read alike. */
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'd').toLowerCase();

const wordsOf = (text: string) =>
  fold(text)
    .split(/[\s@._-]+/)
    .filter(Boolean);

/**
 * The people a picker offers for what is typed, best first: the whole name, then a name that
 * starts with it, then a word of the name (first or last), then the address; someone matching
 * none of the typed words is left out (an answer to an earlier, shorter search still on screen),
 * or put last when the picker does not know their address (the server may have matched on it).
 * Ties keep the server's order. Nothing typed: all, as given.
 */
export function rankPeople<P extends { name: string; email?: string | null }>(
  people: readonly P[],
  typed: string,
): P[] {
  const query = fold(typed.trim());
  if (!query) return [...people];
  const terms = query.split(/\s+/).filter(Boolean);
  const score = (person: P) => {
    const name = fold(person.name);
    const email = fold(person.email ?? '');
    const nameWords = wordsOf(person.name);
    const emailWords = wordsOf(person.email ?? '');
    const matches = (term: string) =>
      nameWords.some((w) => w.startsWith(term)) ||
      emailWords.some((w) => w.startsWith(term)) ||
      name.includes(term) ||
      email.includes(term);
    // Without the address to check, a person the server matched (by it) is kept, last.
    if (!terms.every(matches)) return person.email === undefined ? 0 : -1;
    if (name === query) return 5;
    if (name.startsWith(query)) return 4;
    if (terms.every((term) => nameWords.some((w) => w.startsWith(term)))) return 3;
    if (email.startsWith(query)) return 2;
    return 1;
  };
  return people
    .map((person, index) => ({ person, index, score: score(person) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.person);
}
