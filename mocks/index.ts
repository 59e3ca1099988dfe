import { FetchInterceptor } from "@mswjs/interceptors/fetch";
import { SetupServerApi } from "msw/node";
import { channelHandlers } from "./channels";
import { emailJsHandlers } from "./emailjs";

/** Loaded by the server only with MOCKS=true (tests, demos), as its own bundle
 * (build/mocks/index.js), so no test code is part of the production server: calls to EmailJS
 * and to the configured channels are answered in-process, every other request goes to the
 * network as usual. Only `fetch` is intercepted, the one way the server reaches a provider:
 * msw's default set also wraps the global Request, Response and Headers (for `http.request`),
 * which cost every page and POST the server answers about a tenth of its CPU, in no
 * production build (measured with `npm run bench`). */
const mockServer = new SetupServerApi([...emailJsHandlers, ...channelHandlers()], [new FetchInterceptor()]);
mockServer.listen({ onUnhandledRequest: "bypass" });
