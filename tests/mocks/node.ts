import { setupServer } from "msw/node";
import { emailJsHandlers } from "./emailjs";

/** msw in a Node process. Unhandled requests are refused so nothing leaks to the network. */
export const mockServer = setupServer(...emailJsHandlers);
