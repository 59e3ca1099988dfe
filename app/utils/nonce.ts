import { createContext, useContext } from "react";

/** Empty for pages rendered for the page cache: their inline scripts are allowed by hash. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
