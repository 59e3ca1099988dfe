import { createHmac, timingSafeEqual } from "node:crypto";
import { FORM_TIME_FIELD, FORM_TIME_PLACEHOLDER } from "~/content/enquiry-fields";
import { sessionSecret } from "./env.server";

/** Signed so a client cannot choose it (the "too fast" rule reads it). */
const sign = (ms: number, secret: string) =>
  createHmac("sha256", secret).update(`form-time:${ms}`).digest("base64url").slice(0, 22);

export function formTimeToken(now = Date.now(), secret = sessionSecret): string {
  return `${now.toString(36)}.${sign(now, secret)}`;
}

export function readFormTime(token: unknown, now = Date.now(), secret = sessionSecret): number | undefined {
  if (typeof token !== "string" || token.length > 40) return undefined;
  const [time, mac] = token.split(".");
  if (!time || !mac || !/^[0-9a-z]{1,12}$/.test(time)) return undefined;
  const ms = parseInt(time, 36);
  const expected = Buffer.from(sign(ms, secret));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return ms <= now + 5_000 ? ms : undefined;
}

const UNSTAMPED = `name="${FORM_TIME_FIELD}" value="${FORM_TIME_PLACEHOLDER}"`;

export function stampFormTime(html: string, at: number): string {
  return html.includes(UNSTAMPED)
    ? html.replaceAll(UNSTAMPED, `name="${FORM_TIME_FIELD}" value="${formTimeToken(at)}"`)
    : html;
}
