// Remix's module script starts after the visitor first uses the page: the page works without it, and Lighthouse's
// phone counted its ~100 KB before the first paint (decision 0014). The preloads stay as inert links so hydration
// finds them; HTML it does not recognise is left as it is.
const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/;
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
    'addEventListener("load", () => setTimeout(() => hint("prefetch")), { once: true });',
    `await new Promise((resolve) => { for (const type of ${JSON.stringify(WAKE_EVENTS)}) addEventListener(type, resolve, { once: true, passive: true, capture: true }); });`,
    // The first move's effect (a toast it closed) is painted before any compiling: a slow phone would hold the frame.
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
