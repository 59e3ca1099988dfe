/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import { workersFor } from "./scripts/lib/cores";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Client modules of the base layer the root and the contact page both load (no page's words:
 * a page's dictionary stays in its own chunk). */
const BASE_FACTS =
  /\/app\/(content\/(site|services|cities|pages|seo|enquiry-fields|reference)|i18n\/(locale|use-locale|cities|translations)|utils\/(nonce|inline-styles|home-query|seo|page-key|use-hydrated|use-contact-details))\.tsx?$/;

const UNIT_TESTS = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
/** Proves that importing the app starts no timer, its packages' included: only a process of its own imports them fresh. */
const FRESH_PROCESS = ["app/process/imports-open-nothing.test.ts"];

export default defineConfig(({ isSsrBuild }) => ({
  // Vite does not read tsconfig `paths`; mirror the `~` alias here.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [
    // The Remix plugin must not run under vitest (it expects a full Vite dev/build).
    !process.env.VITEST &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
          v3_singleFetch: true,
          v3_routeConfig: true,
        },
      }),
    // Under vitest the styles' files only need their class names: no compiler (a Vite server of its own) to start.
    vanillaExtractPlugin(process.env.VITEST ? { unstable_mode: "transform" } : undefined),
  ],
  // The server bundle may use top-level await (mocks are loaded on demand).
  build: isSsrBuild
    ? { target: "node20" }
    : {
        rollupOptions: {
          output: {
            // Every stylesheet module in one chunk, so the whole site's CSS (about 4 KB gzip)
            // is one render-blocking request instead of one per route chunk: on a slow phone
            // network each extra stylesheet cost a round trip before first paint.
            // And the small facts every page's scripts share (the site, its pages, services,
            // cities, locales, the enquiry's fields) in one chunk rather than a dozen of a few
            // hundred bytes each: each chunk is its own request and its own gzip stream.
            manualChunks: (id: string) => (/\.css\.ts/.test(id) ? "styles" : BASE_FACTS.test(id) ? "base" : undefined),
          },
        },
      },
  test: {
    environment: "node",
    // One PostgreSQL cluster for the files that need one, started by the first (tests/support/pg-cluster.ts).
    globalSetup: ["tests/support/vitest.global-setup.ts"],
    // Three files at a time on two cores or fewer, a core and one more beyond: most wait (a timer, a child process,
    // PostgreSQL), so on 2 cores `npm run validate` took 50 s instead of 65 with two, and 124 s instead of 136 under
    // a 2.6x CPU quota.
    maxWorkers: workersFor().all,
    // A limit catches a hang, not slowness: on a busy 2-core machine a PostgreSQL test passed 5 s.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files share their worker's modules (decision 0054): a fresh process per file was half the suite's CPU.
    projects: [
      { extends: true, test: { name: "shared", include: UNIT_TESTS, exclude: FRESH_PROCESS, isolate: false } },
      { extends: true, test: { name: "fresh", include: FRESH_PROCESS } },
    ],
  },
}));
