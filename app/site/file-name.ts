/** A file name as a phone or browser sent it, made safe to store and show: no character that reorders or breaks the
 * line it is shown in, one Unicode form, and short enough for a line while its end (the extension) stays visible.
 * Decision record: docs/decisions/0041-multipart-parser-and-upload-refusals.md. */

/** Embeddings, overrides, isolates, the marks (LRM, RLM, ALM) and the line and paragraph separators. */
const REORDERING = /[\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

/** At most this many characters as a person counts them (graphemes: an emoji family is one). */
export const NAME_GRAPHEMES = 120;
/** And at most this many UTF-16 units, so the store's own bound never cuts one in half. */
export const NAME_UNITS = 200;
const ELLIPSIS = "…";
/** Nothing usable was left (the name was all control characters). */
export const NO_NAME = "—";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function cleanFileName(raw: string): string {
  // HTML's form encoding escapes `"`, CR and LF in a part's filename as %22, %0D, %0A.
  const decoded = raw.replace(/%22/gi, '"').replace(/%0[ad]/gi, "");
  const name = decoded.replace(REORDERING, "").replace(CONTROL, "").normalize("NFC").trim();
  // A name of only invisible characters (zero-width, word joiners, format marks) would show as a blank line.
  if (!name.replace(/[\p{Cf}\p{Z}]/gu, "")) return NO_NAME;
  return shortened(name);
}

/** Middle ellipsis: the start and the end (its extension) stay, whole graphemes only. */
function shortened(name: string): string {
  const parts = Array.from(graphemes.segment(name), (s) => s.segment);
  if (parts.length <= NAME_GRAPHEMES && name.length <= NAME_UNITS) return name;
  const extension = /\.[^.\s]{1,10}$/.exec(name)?.[0] ?? "";
  const tailWanted = Math.min(Math.max(Array.from(graphemes.segment(extension)).length + 6, 10), 30);
  const tail: string[] = [];
  let tailUnits = 0;
  for (let i = parts.length - 1; i >= 0 && tail.length < tailWanted; i--) {
    if (tailUnits + parts[i]!.length > NAME_UNITS / 3) break;
    tail.unshift(parts[i]!);
    tailUnits += parts[i]!.length;
  }
  const head: string[] = [];
  let units = tailUnits + ELLIPSIS.length;
  for (const part of parts) {
    if (head.length + tail.length + 1 >= NAME_GRAPHEMES || units + part.length > NAME_UNITS) break;
    head.push(part);
    units += part.length;
  }
  return `${head.join("").trimEnd()}${ELLIPSIS}${tail.join("").trimStart()}`;
}
