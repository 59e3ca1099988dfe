import type { Migration } from "./migration";

/** The glossary's word for what the store holds but cannot read as an enquiry is "quarantined"
 * (docs/architecture.md): the table of an imported folder's unreadable entries, `set_aside` since
 * version 2, is `quarantine`. The old name stays readable as a view, for an operator's script that
 * reads it (docs/operations.md); this site no longer uses it.
 *
 * Numbered 15 while 13 and 14 were being written on other branches: the runner applies every
 * version a database lacks, in the list's order, whatever the newest it has, so those may arrive
 * later below this one. They must then not name `set_aside` (a database that already has this
 * version would run them after it). */
const RENAME = `
  ALTER TABLE set_aside RENAME TO quarantine;
`;

const OLD_NAME = `
  CREATE VIEW set_aside AS SELECT ref, from_state, reason, at, content FROM quarantine;
`;

export default {
  version: 15,
  name: "set_aside is quarantine (the old name a view)",
  sqlite: `${RENAME}${OLD_NAME}`,
  postgres: `${RENAME}
  ALTER TABLE quarantine RENAME CONSTRAINT set_aside_pkey TO quarantine_pkey;
  ${OLD_NAME}`,
} satisfies Migration;
