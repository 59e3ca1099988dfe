import { createContext, useContext } from "react";

/** Inlined in every page's <head>: one request fewer before the first paint on a slow link (docs/performance.md). */
export const InlineStylesContext = createContext("");
export const useInlineStyles = () => useContext(InlineStylesContext);
