/** Croatian names are typed without their marks as often as with them: "Durda" finds "Đurđa". */
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

export const foldForSearch = (text: string) => [...text].map((c) => FOLD.get(c) ?? c).join("");

export const postgresFold = (expression: string) =>
  `translate(${expression}, '${PAIRS.map(([l]) => l).join("")}', '${PAIRS.map(([, b]) => b).join("")}')`;

/** unicode61 already folds letters with a mark; only those with a stroke have no decomposition. */
export const sqliteFold = (expression: string) =>
  PAIRS.filter(([l]) => l.normalize("NFD") === l).reduce((e, [l, b]) => `replace(${e}, '${l}', '${b}')`, expression);
