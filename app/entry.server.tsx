import { readFileSync } from "node:fs";
import { Transform } from "node:stream";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { documentCacheControl, NO_STORE } from "~/utils/cache-control.server";
import { deferModuleScripts } from "~/utils/defer-hydration.server";
import { stampFormTime } from "~/utils/form-time.server";
import { isStaffPath } from "~/staff/paths";
import { log } from "~/utils/log.server";
import { InlineStylesContext } from "~/utils/inline-styles";
import { NonceContext } from "~/utils/nonce";
import { withoutNulBytes } from "~/utils/nul-bytes.server";

const ABORT_DELAY = 5_000;

// The HTTP server makes the process's parts with the build's own `wire` (server/app-build.ts): one copy of each app
// module in the process, the one the routes run.
export { wire } from "~/process/wire.server";

/** The site's stylesheet (decision 0007), read once from build/client to be inlined in every
 * page's <head>. The manifest stops naming it at the same time: Remix's browser code preloads a
 * route's stylesheets before each client-side navigation or revalidation unless the page links
 * them, and with the text inlined that preload was never used (Chromium: "preloaded but not
 * used"). The server calls this at start with build/client (server/app-build.ts), before any request. */
let inlineStyles: string | undefined;
export function inlineStylesheet(manifest: EntryContext["manifest"], clientDir?: string): string {
  if (inlineStyles !== undefined) return inlineStyles;
  if (!clientDir) throw new Error("The stylesheet is read at start (server/app-build.ts), before any page.");
  const routes = Object.values(manifest.routes);
  const hrefs = [...new Set(routes.flatMap((route) => route.css ?? []))];
  inlineStyles = hrefs.map((href) => readFileSync(path.join(clientDir, href), "utf8")).join("\n");
  for (const route of routes) route.css = [];
  return inlineStyles;
}

export const streamTimeout = ABORT_DELAY;

/** Errors Remix catches are logged as one JSON line; expected ones (404s and other route
 * error responses, requests the client aborted) are not errors worth a line. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  log("error", "app.error", {
    method: request.method,
    path: new URL(request.url).pathname.slice(0, 200),
    error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300),
    stack:
      error instanceof Error
        ? error.stack
            ?.split("\n")
            .slice(1, 6)
            .map((l) => l.trim())
        : undefined,
  });
}

/** Single-fetch data requests (client-side navigations) are never stored by shared caches:
 * they may carry a toast's cookie. */
export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", NO_STORE);
  return response;
}

/** Collects the rendered document and sends it rewritten in one piece. Pages here have no
 * <Suspense> boundary of their own, so the document is complete moments after its shell. */
function wholeDocument(rewrite: (html: string) => string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    flush(done) {
      done(null, rewrite(withoutNulBytes(Buffer.concat(chunks)).toString("utf8")));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Empty for pages rendered for the page cache: their inline scripts are allowed by hash.
  const nonce = typeof loadContext?.cspNonce === "string" && loadContext.cspNonce ? loadContext.cspNonce : undefined;
  // Every client, bot or browser, gets the whole document, buffered (wholeDocument: it is
  // rewritten in one piece), so the render is awaited to its end for all alike.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <InlineStylesContext.Provider value={import.meta.env.PROD ? inlineStylesheet(remixContext.manifest) : ""}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // Development keeps Remix's scripts as they are (Vite's client and hot reloading).
          // Staff pages hydrate at once: their passkey buttons need the script before a click.
          const defer = import.meta.env.PROD && !isStaffPath(new URL(request.url).pathname);
          // A page rendered for one visitor gets its form's signed time now; the page cache's
          // copy keeps the placeholder, stamped once a second (server/page-copies.ts).
          const stamp = nonce ? (html: string) => stampFormTime(html, Date.now()) : (html: string) => html;
          const body = wholeDocument(defer ? (html) => stamp(deferModuleScripts(html)) : stamp);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Cache-Control",
            documentCacheControl(request.method, responseStatusCode, responseHeaders),
          );
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
          // Errors while rendering after the shell are logged (as handleError does); before it
          // they reject above.
          if (shellRendered) log("error", "app.render_error", { error: String(error).slice(0, 300) });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}
