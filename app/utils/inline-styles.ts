import { createContext, useContext } from "react";

/** The site's one stylesheet, as text, for the server to inline in every page's <head>: one
 * request fewer before the first paint on a slow phone link (docs/performance.md). Set by
 * entry.server.tsx in production; empty in the browser, where the <style> element the server
 * sent is kept as it is. */
export const InlineStylesContext = createContext("");
export const useInlineStyles = () => useContext(InlineStylesContext);
