import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

export type EnquiryFirst = {
  paths: readonly string[];
  /** `request` has no body: the bytes read here are `body` (`withBodyRead`). */
  answer: (args: { request: Request; body: Uint8Array<ArrayBuffer>; context: AppLoadContext }) => Promise<unknown>;
};

/** Through Remix a POST matched every route twice and built its Request three times: two fifths of an accept's CPU
 * (decision 0034). Any answer but the success redirect goes on to Remix, so the action runs once either way. */
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

/** As @remix-run/express builds it for the action (X-Forwarded-Host's port, `req.hostname` under trust proxy). */
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
