import { createContext, useContext } from "react";

/** The CSP nonce of the current response (set on the server from the load context). In the
 * browser it is empty: a nonce is only needed for scripts in the server-rendered HTML. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
