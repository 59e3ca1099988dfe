import { FORM_TIME_FIELD } from "~/content/enquiry-fields";
import { readFormTime } from "~/utils/form-time.server";

/** A missing or unreadable time is no evidence (an old tab, another replica's secret): never caught for it (decision 0030). */
export function tooFast(form: FormData, minSeconds: number, now = Date.now()): boolean {
  const servedAt = readFormTime(form.get(FORM_TIME_FIELD), now);
  return servedAt !== undefined && now - servedAt < minSeconds * 1_000;
}
