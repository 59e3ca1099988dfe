import type { Sql } from "./sql.server";
import { choresOf } from "./chores.server";
import { createCore, type CoreOptions } from "./core.server";
import { deliveryQueueOf } from "./delivery-queue.server";
import { inboxPartOf } from "./inbox-part.server";
import { intakeOf } from "./intake.server";
import { operatorCommandsOf } from "./operator-commands.server";
import { pushPartOf } from "./push-part.server";
import { sitePartOf } from "./site-part.server";
import { staffPartOf } from "./staff-part.server";
import { visitsPartOf } from "./visits.server";
import type { EnquiryStore } from "./store.server";

export type SqlStore = EnquiryStore & { sql: Sql };

export function createSqlStore(options: CoreOptions): SqlStore {
  const core = createCore(options);
  const { sql, deliverer, prepare } = core;
  const store: SqlStore = {
    kind: sql.dialect,
    where: sql.where,
    sql,
    prepare,
    staff: staffPartOf(sql, prepare),
    push: pushPartOf(sql, prepare),
    site: sitePartOf(sql, prepare),
    inbox: inboxPartOf(sql, () => store, prepare),
    visits: visitsPartOf(sql, prepare),
    ...intakeOf(core),
    ...deliveryQueueOf(core),
    ...choresOf(core),
    ...operatorCommandsOf(core),
    async close() {
      await deliverer.lock.release().catch(() => {});
      await sql.close();
    },
  };
  return store;
}
