// A test's own process parts (app/process/wire.server.ts), as server/index.ts makes them, for loaders and actions
// called as Remix calls them.
import type { AppLoadContext } from "@remix-run/node";
import { wire } from "~/process/wire.server";
import { parseEnv } from "~/utils/env-schema.server";

/** From the process's environment as the test stubbed it (vi.stubEnv), unless given. */
export const testWiring = (env: Record<string, string | undefined> = process.env) => wire(parseEnv(env));

export const testContext = (
  context: Omit<AppLoadContext, "wiring"> & { wiring?: AppLoadContext["wiring"] } = {},
): AppLoadContext => ({ ...context, wiring: context.wiring ?? testWiring() });
