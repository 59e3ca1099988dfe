import { setupServer } from "msw/node";
import { channelHandlers } from "./channels";
import { emailJsHandlers } from "./emailjs";

/** Loaded by the server only with MOCKS=true (tests, demos), as its own bundle
 * (build/mocks/index.js), so no test code is part of the production server: calls to EmailJS
 * and to the configured channels are answered in-process, every other request goes to the
 * network as usual. */
const mockServer = setupServer(...emailJsHandlers, ...channelHandlers());
mockServer.listen({ onUnhandledRequest: "bypass" });
