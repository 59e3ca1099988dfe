import type { ActionFunctionArgs } from "@remix-run/node";
import { pagePath } from "~/content/pages";
import { LOCALES } from "~/i18n/locale";
import { withBodyRead } from "~/utils/form-body.server";
import { handleEnquiry } from "./action.server";

/** What the server takes to answer the contact form's POST before Remix (server/answer-first.ts):
 * the paths the form posts to, and the action itself. An answer that is not the success redirect
 * is handed on to Remix as the action's (`context.enquiryAnswer`), which renders the page with it:
 * the action runs once either way. The server reads the body (its declared length within the
 * bound) and passes it beside a Request built without one. */
export const enquiryFirst = {
  paths: LOCALES.map((locale) => pagePath("contact", locale)),
  answer: ({
    request,
    body,
    context,
  }: Pick<ActionFunctionArgs, "request" | "context"> & { body: Uint8Array<ArrayBuffer> }) =>
    handleEnquiry({ request: withBodyRead(request, body), context, params: {} }),
};
