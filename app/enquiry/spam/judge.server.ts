import type { Enquiry } from "~/store/record.server";
import { honeypotState } from "./honeypot.server";
import { mostlyLinks } from "./links.server";
import { repeatedText } from "./repeated.server";
import { tooFast } from "./too-fast.server";

export type SpamReason = "honeypot" | "too-fast" | "repeated" | "links";

export type SpamSettings = {
  honeypot: boolean;
  minSeconds: number;
  linkPercent: number;
  repeatCount: number;
  repeatMinutes: number;
};

export function spamJudge(settings: SpamSettings, now = Date.now) {
  const repeated = repeatedText({ count: settings.repeatCount, windowMs: settings.repeatMinutes * 60_000, now });
  return function judge(form: FormData, enquiry: Enquiry): SpamReason[] {
    const reasons: SpamReason[] = [];
    if (settings.honeypot && honeypotState(form) !== "empty") reasons.push("honeypot");
    if (tooFast(form, settings.minSeconds, now())) reasons.push("too-fast");
    if (repeated(enquiry.message, { email: enquiry.email, phone: enquiry.phone })) reasons.push("repeated");
    if (mostlyLinks(enquiry.message, settings.linkPercent)) reasons.push("links");
    return reasons;
  };
}
