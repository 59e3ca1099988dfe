// The production server's command line (decision 0055), which scripts/server-command.test.ts holds others to.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"] as const;
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, "build/start.js"];
export const SERVER_COMMAND = `node ${SERVER_ARGS.join(" ")}`;
