import { describe, expect, it } from "vitest";
import { deferModuleScripts } from "./defer-hydration.server";

// What Remix 2 writes for a page with <Scripts> (lazy route discovery on, manifest shortened).
const REMIX_HTML =
  '<main>form</main><link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
  '<link rel="modulepreload" href="/assets/components-B.js"/><link rel="modulepreload" href="/assets/contact-C.js"/>' +
  '<script>window.__remixContext = {};</script><script nonce="abc" type="module" async="">;\n' +
  'import * as route0 from "/assets/root-D.js";\nimport * as route1 from "/assets/contact-C.js";\n' +
  'window.__remixManifest = {\n  "version": "1"\n};\nwindow.__remixRouteModules = {"root":route0,"routes/contact":route1};\n\n' +
  'import("/assets/entry.client-A.js");</script></body></html>';

describe("deferModuleScripts", () => {
  const out = deferModuleScripts(REMIX_HTML);
  const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;

  it("keeps the preload links in place as inert placeholders: no address to fetch, none to warn about", () => {
    expect(out).not.toContain(" href=");
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain(
      '<main>form</main><link rel="prefetch" data-href="/assets/entry.client-A.js"/>' +
        '<link rel="prefetch" data-href="/assets/components-B.js"/>' +
        '<link rel="prefetch" data-href="/assets/contact-C.js"/>' +
        "<script>window.__remixContext = {};</script>",
    );
  });

  it("waits for the visitor and the frame their first move changed, then preloads and imports the same modules", () => {
    const lines = script.split("\n");
    expect(lines[0]).toContain('["/assets/entry.client-A.js","/assets/components-B.js","/assets/contact-C.js"]');
    expect(lines[1]).toBe('addEventListener("load", () => setTimeout(() => hint("prefetch")), { once: true });');
    expect(lines[2]).toMatch(/^await new Promise\(.*"pointerdown".*"keydown".*"scroll"/);
    expect(lines[3]).toMatch(/^await new Promise\(.*requestAnimationFrame\(\(\) => setTimeout\(resolve\)\)/);
    expect(lines[4]).toBe('hint("modulepreload");');
    expect(lines[5]).toBe(
      'const [route0, route1] = await Promise.all([import("/assets/root-D.js"), import("/assets/contact-C.js")]);',
    );
    expect(script).not.toContain("data-dismiss");
    expect(script).not.toMatch(/^import /m);
    expect(script).toContain('window.__remixRouteModules = {"root":route0,"routes/contact":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it("keeps a bare import (the manifest, without lazy route discovery) in order", () => {
    const html = REMIX_HTML.replace(";\nimport * as route0", 'import "/assets/manifest-E.js";\nimport * as route0');
    expect(deferModuleScripts(html)).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-E.js"), import("/assets/root-D.js"), import("/assets/contact-C.js")]);',
    );
  });

  it("is a valid module body", () => {
    expect(() => new Function(`return (async () => {${script}})`)).not.toThrow();
  });

  it("leaves pages without Remix's scripts, and scripts it does not recognise, as they are", () => {
    const plain = "<html><body><main>Home</main></body></html>";
    expect(deferModuleScripts(plain)).toBe(plain);
    const odd = '<link rel="modulepreload" href="/a.js"/><script type="module" async="">export {};</script>';
    expect(deferModuleScripts(odd)).toBe(odd);
  });
});
