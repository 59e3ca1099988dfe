import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

/** The contact form's paths and action, from the app's build (app/enquiry/answer-first.server.ts). */
export type EnquiryFirst = {
  paths: readonly string[];
  /** `request` has no body: the form's bytes, read here, are `body` (the app's `readFormBody`
   * takes them from there: `withBodyRead`). */
  answer: (args: { request: Request; body: Uint8Array<ArrayBuffer>; context: AppLoadContext }) => Promise<unknown>;
};

/** The contact form's POST without JavaScript, answered before Remix (issue 40: a burst of
 * enquiries). Through Remix a POST matched every route twice and built its Request three times:
 * about two fifths of the CPU an accept costs. Here the action runs on the form as it is sent
 * (URL-encoded, its length declared and within the bound, to a contact page's exact path,
 * no query: Remix's own data requests have one), after every middleware before Remix (the
 * cross-site refusal, the security headers, the log). Its success redirect is sent as it is; any
 * other answer goes on to Remix as the action's (`context.enquiryAnswer`), which renders the page
 * with it, so the action runs once either way. Everything else is Remix's, untouched. */
export function answerFirst(
  enquiry: EnquiryFirst,
  maxBytes: number,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  return (req, res, next) => {
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const length = Number(req.get("content-length"));
    if (
      !enquiry.paths.includes(req.originalUrl) ||
      type !== "application/x-www-form-urlencoded" ||
      !Number.isSafeInteger(length) ||
      length > maxBytes
    )
      return next();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", next);
    req.once("end", () => {
      req.off("error", next);
      const controller = new AbortController();
      res.once("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(urlOf(req), { method: "POST", headers: headersOf(req), signal: controller.signal });
      const context = loadContext(req, res);
      enquiry.answer({ request, body: Buffer.concat(chunks), context }).then((answer) => {
        if (!(answer instanceof Response) || answer.status < 300 || answer.status > 399) {
          res.locals.enquiryAnswer = answer;
          return next();
        }
        res.status(answer.status);
        for (const [name, value] of answer.headers) if (name !== "set-cookie") res.setHeader(name, value);
        const cookies = answer.headers.getSetCookie();
        if (cookies.length) res.setHeader("Set-Cookie", cookies);
        res.end();
      }, next);
    });
  };
}

/** The request's URL as @remix-run/express builds it for the action (its host from
 * X-Forwarded-Host's port or Host's, `req.hostname` under Express's trust-proxy setting). */
function urlOf(req: ExpressRequest): string {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}
