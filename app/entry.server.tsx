import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
// Importing the env validates it at boot: a misconfigured server refuses to start.
import { env } from "./env.server";
import { log } from "./log.server";

// MOCKS=true answers EmailJS calls in-process with the msw stand-in (tests, demos). It is
// loaded only then, so msw (a dev dependency) is never needed in production.
if (env.MOCKS) {
  const { mockServer } = await import("../tests/mocks/node");
  mockServer.listen({ onUnhandledRequest: "bypass" });
  log("warn", "mocks.enabled", { message: "EmailJS is answered by the in-process mock (MOCKS=true)" });
}

const ABORT_DELAY = 5_000;

export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // Bots and no-JavaScript clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while streaming after the shell are logged; before it they reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}
