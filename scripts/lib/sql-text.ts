/** SQL is the store's (app/store/): a feature reads and writes through its store part, so a renamed column is found
 * by the compiler and the schema contract, not at run time. Tests may write rows by hand. */
const SQL =
  /\bSELECT\b[^;`"']{0,200}?\bFROM\s+[a-z_]+|\bINSERT INTO\s+[a-z_]+|\bUPDATE\s+[a-z_]+\s+SET\b|\bDELETE FROM\s+[a-z_]+/;

/** Tools that fill a database with made-up rows to measure it, and stay outside the app: each says why. */
export const SQL_ELSEWHERE: Readonly<Record<string, string>> = {
  "scripts/bench-inbox.ts": "writes 100,000 made-up enquiries in one transaction to time the inbox",
  "scripts/bench-push.ts": "reads, read-only, which enquiry each alert named, to time it",
};

export const isSqlChecked = (file: string) =>
  /^(app|server|scripts)\/.*\.(ts|tsx|mjs)$/.test(file) &&
  !file.startsWith("app/store/") &&
  !/\.test\.tsx?$/.test(file) &&
  !file.endsWith(".d.ts");

export type SqlFinding = { file: string; line: number; why: string };

export function sqlOutsideStore(files: { file: string; text: string }[]): SqlFinding[] {
  const found: SqlFinding[] = [];
  for (const { file, text } of files) {
    if (!isSqlChecked(file)) continue;
    const match = SQL.exec(text);
    if (SQL_ELSEWHERE[file]) {
      if (!match) found.push({ file, line: 1, why: "holds no SQL any more: take it out of SQL_ELSEWHERE" });
      continue;
    }
    if (match)
      found.push({
        file,
        line: text.slice(0, match.index).split("\n").length,
        why: `SQL outside app/store ("${match[0].replace(/\s+/g, " ")}"): give the feature's store part a method`,
      });
  }
  return found;
}
