import { setupServer } from "msw/node";
import { emailJsHandlers } from "./emailjs";

/** Loaded by the server only with MOCKS=true (tests, demos), as its own bundle
 * (build/mocks/index.js), so no test code is part of the production server: EmailJS calls
 * are answered in-process, every other request goes to the network as usual. */
const mockServer = setupServer(...emailJsHandlers);
mockServer.listen({ onUnhandledRequest: "bypass" });
