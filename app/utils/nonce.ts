import { createContext, useContext } from "react";

/** The CSP nonce of the current response (set on the server from the load context). Empty in
 * the browser (a nonce is only needed for scripts in the server-rendered HTML) and for pages
 * rendered for the page cache (their inline scripts are allowed by hash). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
