import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema, parseEnv } from "./env-schema.server";

// The README's configuration table and .env.example are read by operators, the schema by the
// server: these tests fail when they drift apart (a variable added, renamed or re-defaulted in
// one place only).

/** Set by the runtime (the server sets production itself), not configured by operators. */
const NOT_DOCUMENTED = new Set(["NODE_ENV"]);
const variables = Object.keys(envSchema.shape).filter((name) => !NOT_DOCUMENTED.has(name));
const defaults = parseEnv({}) as Record<string, unknown>;

/** `NAME=value` lines of .env.example. */
const example = new Map(
  readFileSync(".env.example", "utf8")
    .split("\n")
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, m[2]!] as const),
);

/** The README's configuration table: each row's variables and their defaults, in order. */
const readmeRows = readFileSync("README.md", "utf8")
  .split("\n")
  .filter((line) => /^\| `[A-Z][A-Z0-9_]*`/.test(line))
  .map((line) => {
    const [names = "", given = ""] = line.split(" | ");
    return {
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!),
      defaults: [...given.matchAll(/`([^`]*)`/g)].map((m) => m[1]!),
    };
  });

describe("configuration docs match the schema", () => {
  it(".env.example lists every variable the server reads, and nothing else", () => {
    expect([...example.keys()].sort()).toEqual([...variables].sort());
  });

  it.each(variables)(".env.example's %s is the default, or a valid value where there is none", (name) => {
    const value = example.get(name) ?? "";
    const fallback = defaults[name];
    if (fallback === undefined) {
      if (value !== "") expect(() => parseEnv({ [name]: value }), `${name}=${value}`).not.toThrow();
    } else {
      expect(value, `${name} defaults to ${String(fallback)}`).toBe(String(fallback));
    }
  });

  it("the README's table lists every variable the server reads, and nothing else", () => {
    expect(readmeRows.flatMap((r) => r.names).sort()).toEqual([...variables].sort());
  });

  it.each(variables)("the README's default for %s is the schema's", (name) => {
    const row = readmeRows.find((r) => r.names.includes(name))!;
    const fallback = defaults[name];
    // A row lists its variables' defaults in the same order, in backticks, when they have one.
    if (fallback !== undefined && row.defaults.length === row.names.length) {
      expect(row.defaults[row.names.indexOf(name)]).toBe(String(fallback));
    } else if (fallback !== undefined) {
      expect(row.defaults).toContain(String(fallback));
    }
  });
});
