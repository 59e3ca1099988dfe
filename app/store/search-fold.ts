/** How the inbox's search folds letters, the same on both sides of a match: the stored text
 * (migration 5, in SQL) and what staff type (app/store/inbox.server.ts). Croatian names
 * are typed without their marks as often as with them: "Kovac" finds "Kovač", "Durda" finds
 * "Đurđa". Every Latin-1 and Latin Extended-A letter folds to its plain lower-case letter. */
const STROKED: Record<string, string> = {
  Đ: "d",
  đ: "d",
  Ø: "o",
  ø: "o",
  Ł: "l",
  ł: "l",
  Ħ: "h",
  ħ: "h",
  Ŧ: "t",
  ŧ: "t",
  ı: "i",
};

function plain(letter: string): string | undefined {
  if (STROKED[letter]) return STROKED[letter];
  const base = letter.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return base !== letter.toLowerCase() && /^[a-z]$/.test(base) ? base : undefined;
}

const PAIRS: [string, string][] = [];
for (let code = 0xc0; code <= 0x17f; code++) {
  const letter = String.fromCodePoint(code);
  const base = plain(letter);
  if (base) PAIRS.push([letter, base]);
}
const FOLD = new Map(PAIRS);

/** Text as the search index holds it (before the index's own lower-casing and tokens). */
export const foldForSearch = (text: string) => [...text].map((c) => FOLD.get(c) ?? c).join("");

/** PostgreSQL: `translate(expression, from, to)`, one letter for one. */
export const postgresFold = (expression: string) =>
  `translate(${expression}, '${PAIRS.map(([l]) => l).join("")}', '${PAIRS.map(([, b]) => b).join("")}')`;

/** SQLite: its tokenizer (unicode61, remove_diacritics 2) already folds every letter with a mark;
 * only the letters with a stroke, which have no decomposition, are replaced first. */
export const sqliteFold = (expression: string) =>
  PAIRS.filter(([l]) => l.normalize("NFD") === l).reduce((e, [l, b]) => `replace(${e}, '${l}', '${b}')`, expression);
