// A test's own wiring (app/process/wire.server.ts), as server/index.ts makes it, for loaders and actions.
import type { AppLoadContext } from "@remix-run/node";
import { wire } from "~/process/wire.server";
import { parseEnv } from "~/utils/env-schema.server";

export const testWiring = (env: Record<string, string | undefined> = process.env) => wire(parseEnv(env));

export const testContext = (
  context: Omit<AppLoadContext, "wiring"> & { wiring?: AppLoadContext["wiring"] } = {},
): AppLoadContext => ({ ...context, wiring: context.wiring ?? testWiring() });
