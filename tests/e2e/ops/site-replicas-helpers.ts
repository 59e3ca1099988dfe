// Two production servers on one throwaway PostgreSQL, for the Site section's replica specs.
import { expect, test } from "@playwright/test";
import { startPgCluster, type PgCluster } from "../../support/pg-cluster";
import { startServer, workspace, type OpsServer } from "./server";
import type { Session } from "./site-helpers";
import { acceptOverHttp, linkIn, staffCommand } from "./staff-helpers";
import { scaled } from "../time-scale";

/** Registers the spec's hooks: a cluster with database `name`, a replica on each port (passkeys
 * are made for the first's address), all removed after. */
export function siteReplicas(ports: [number, number], name: string) {
  let cluster: PgCluster;
  const replicas: OpsServer[] = [];
  const site = `http://localhost:${ports[0]}`;
  test.beforeAll(async () => {
    test.setTimeout(scaled(90_000));
    cluster = await startPgCluster();
    const database = cluster.createDatabase(name).replace(/.*\//, "");
    for (const port of ports)
      replicas.push(
        await startServer(
          port,
          { DATABASE_URL: cluster.urlOf(database), PUBLIC_SITE_URL: site, COOKIE_SECURE: "false" },
          workspace(),
        ),
      );
  });
  test.afterAll(() => {
    for (const r of replicas) r.child.kill("SIGKILL");
    cluster?.remove();
  });
  return {
    replicas: () => replicas as [OpsServer, OpsServer],
    /** An owner invited by the command and signed in on the first replica. */
    async owner(): Promise<Session> {
      const made = staffCommand(
        { database: "", site },
        { DATABASE_URL: cluster.urlOf(name) },
        "invite",
        "owner@example.com",
        "--owner",
      );
      expect(made.status, made.stderr).toBe(0);
      const base = replicas[0]!.base;
      const accepted = await acceptOverHttp({ base, site }, linkIn(made.stdout));
      return { base, cookie: accepted.cookie! };
    },
  };
}
