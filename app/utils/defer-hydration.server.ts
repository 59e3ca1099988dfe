/**
 * Remix's <Scripts> preloads a page's modules and imports them as soon as the HTML is parsed,
 * at high priority. On a fast link they have loaded and run before the browser's first paint,
 * and Lighthouse's simulation of a phone then counts all ~100 KB of them on the path to the
 * first paint (the contact page painted at 1.8 s where the pages without script paint at
 * 0.7 s). The page needs none of it to paint or to work (the form posts without JavaScript),
 * so this rewrites the one module script Remix writes to start after the first frame:
 * it prefetches the modules once the page has loaded, waits until the visitor first uses the
 * page (a pointer, a key, a scroll), lets the browser paint what that first move did (a toast
 * closed by it, app/components/toast-before-react.ts), then preloads and imports the same
 * modules. The preload links stay in the HTML as inert placeholders (`rel="prefetch"` with the
 * address in `data-href`: nothing is fetched while the page paints, and the browser has nothing
 * to warn about, as it does for a modulepreload without an address), so React still finds a
 * <link> where <Scripts> rendered one as it hydrates (a missing element would make it render the
 * whole document again). See decision 0014.
 *
 * It works on the HTML Remix 2 writes (tested beside this file); anything else it does not
 * recognise is left as it is, which only means the modules load early again.
 */
const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/;
/** What wakes the page's script: the first sign of a visitor using it. */
const WAKE_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll", "wheel"];
const NAMED_IMPORT = /^import \* as (\w+) from ("[^"]+");$/;
const BARE_IMPORT = /^import ("[^"]+");$/;

export function deferModuleScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((m) => m[1]!);
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest: string[] = [];
  for (const line of script[2]!.split("\n")) {
    const named = NAMED_IMPORT.exec(line.trim());
    const bare = BARE_IMPORT.exec(line.trim().replace(/^;/, ""));
    if (named) {
      names.push(named[1]!);
      specifiers.push(named[2]!);
    } else if (bare) {
      names.push("");
      specifiers.push(bare[1]!);
    } else if (line.trim() !== ";") {
      rest.push(line);
    }
  }
  if (specifiers.length === 0 || rest.some((line) => /^\s*import\s/.test(line))) return html;

  const body = [
    `const hint = (rel) => { for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel, href })); };`,
    // Fetched, not run, once the page has loaded, at the lowest priority: at hand when needed.
    'addEventListener("load", () => setTimeout(() => hint("prefetch")), { once: true });',
    // Run when the visitor first does something on the page: it is complete without them.
    `await new Promise((resolve) => { for (const type of ${JSON.stringify(WAKE_EVENTS)}) addEventListener(type, resolve, { once: true, passive: true, capture: true }); });`,
    // The first move's own effect (a toast it closed) is painted before anything is compiled:
    // on a slow phone that work would otherwise hold the frame back by half a second or more.
    // (A hidden tab paints no frames: it goes on at once.)
    "await new Promise((resolve) => (document.hidden ? resolve() : requestAnimationFrame(() => setTimeout(resolve))));",
    'hint("modulepreload");',
    `const [${names.join(", ")}] = await Promise.all([${specifiers.map((s) => `import(${s})`).join(", ")}]);`,
    ...rest,
  ].join("\n");
  return html
    .replace(PRELOAD_LINK, (_link, href: string) => `<link rel="prefetch" data-href="${href}"/>`)
    .replace(MODULE_SCRIPT, (_all, open: string, _body, close: string) => {
      return `${open}${body}${close}`;
    });
}
