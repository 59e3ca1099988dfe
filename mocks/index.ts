import { FetchInterceptor } from "@mswjs/interceptors/fetch";
import { SetupServerApi } from "msw/node";
import { channelHandlers } from "./channels";
import { emailJsHandlers } from "./emailjs";

// Only `fetch` is intercepted: msw's default set also wraps Request, Response and Headers, a tenth of the server's CPU (npm run bench).
const mockServer = new SetupServerApi([...emailJsHandlers, ...channelHandlers()], [new FetchInterceptor()]);
mockServer.listen({ onUnhandledRequest: "bypass" });
