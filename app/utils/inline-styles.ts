import { createContext, useContext } from "react";

/** The site's one stylesheet, as text, for the server to inline in every page's <head>: one
 * request fewer before the first paint on a slow phone link (docs/performance.md). Set by
 * entry.server.tsx in production, and in the browser by entry.client.tsx from the <style> the
 * server sent (the same text, should React have to render the document afresh). */
export const InlineStylesContext = createContext("");
export const useInlineStyles = () => useContext(InlineStylesContext);
