import type { ActionFunctionArgs } from "@remix-run/node";
import { pagePath } from "~/content/pages";
import { LOCALES } from "~/i18n/locale";
import { withBodyRead } from "~/utils/form-body.server";
import { handleEnquiry } from "./action.server";

/** For server/answer-first.ts (decision 0034): an answer that is not the success redirect goes on to Remix as
 * `context.enquiryAnswer`, so the action runs once either way. */
export const enquiryFirst = {
  paths: LOCALES.map((locale) => pagePath("contact", locale)),
  answer: ({
    request,
    body,
    context,
  }: Pick<ActionFunctionArgs, "request" | "context"> & { body: Uint8Array<ArrayBuffer> }) =>
    handleEnquiry({ request: withBodyRead(request, body), context, params: {} }),
};
