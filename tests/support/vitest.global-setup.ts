// The folder of the PostgreSQL cluster a vitest run's files share (pg-cluster.ts), reachable by `postgres` as root.
import { chmodSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { removeSharedPgCluster } from "./pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgFolder: string;
  }
}

export default function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "pg-shared-"));
  chmodSync(folder, 0o711);
  project.provide("pgFolder", folder);
  project.onTestsRerun(() => {
    removeSharedPgCluster(folder);
    mkdirSync(folder, { mode: 0o711 });
  });
  return () => removeSharedPgCluster(folder);
}
