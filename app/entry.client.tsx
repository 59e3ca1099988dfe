import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { InlineStylesContext } from "~/utils/inline-styles";
import { NonceContext } from "~/utils/nonce";

// What the server wrote into this page and React renders again here: the inlined stylesheet
// and the nonce of this response (empty for a page from the page cache). Hydration only adopts
// them; but when it fails (a browser extension's element in the page is enough) React renders
// the whole document afresh, and with them the page keeps its look and stays within its CSP.
const inlineStyle = document.head.querySelector("style");
const nonce = document.querySelector<HTMLElement>("[nonce]")?.nonce ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <InlineStylesContext.Provider value={inlineStyle?.textContent ?? ""}>
          <RemixBrowser />
        </InlineStylesContext.Provider>
      </NonceContext.Provider>
    </StrictMode>,
  );
});
