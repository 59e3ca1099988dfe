import { createContext, useContext } from "react";

/** The CSP nonce of the current response: set on the server from the load context, and in the
 * browser from the page (entry.client.tsx), so that what React renders afresh carries it too.
 * Empty for pages rendered for the page cache (their inline scripts are allowed by hash). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
