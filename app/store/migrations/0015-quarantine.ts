// `set_aside` is now `quarantine` (the glossary's word); the old name stays a view for an operator's script. Numbered 15
// while 13 and 14 were on other branches: they must not name `set_aside`.
import type { Migration } from "./migration";

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
