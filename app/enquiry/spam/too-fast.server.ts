import { FORM_TIME_FIELD } from "~/content/enquiry-fields";
import { readFormTime } from "~/utils/form-time.server";

/** Sent sooner after the page was served than a person can fill in the form: its signed time
 * (app/utils/form-time.server.ts) less than `minSeconds` ago. A missing, unstamped, old or
 * unreadable time is no evidence (an old tab, a page from a browser's cache, another replica's
 * secret): never caught for it (docs/decisions/0030-spam-folder.md). */
export function tooFast(form: FormData, minSeconds: number, now = Date.now()): boolean {
  const servedAt = readFormTime(form.get(FORM_TIME_FIELD), now);
  return servedAt !== undefined && now - servedAt < minSeconds * 1_000;
}
