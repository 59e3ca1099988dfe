import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema, parseEnv } from "./env-schema.server";

// docs/configuration.md and .env.example are the operators'; these fail when they drift from the schema.

const NOT_DOCUMENTED = new Set(["NODE_ENV"]);
const variables = Object.keys(envSchema.shape).filter((name) => !NOT_DOCUMENTED.has(name));
const defaults = parseEnv({}) as Record<string, unknown>;

const example = new Map(
  readFileSync(".env.example", "utf8")
    .split("\n")
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, m[2]!] as const),
);

const tableRows = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^\| `[A-Z][A-Z0-9_]*`/.test(line))
    .map((line) => {
      const [names = "", given = ""] = line.split(" | ");
      return {
        names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!),
        defaults: [...given.matchAll(/`([^`]*)`/g)].map((m) => m[1]!),
      };
    });
const referenceRows = tableRows("docs/configuration.md");

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

  it("docs/configuration.md lists every variable the server reads, once, and nothing else", () => {
    expect(referenceRows.flatMap((r) => r.names).sort()).toEqual([...variables].sort());
  });

  it("the README keeps no configuration table of its own (it links to the reference)", () => {
    expect(tableRows("README.md")).toEqual([]);
    expect(readFileSync("README.md", "utf8")).toContain("(docs/configuration.md)");
  });

  it.each(variables)("docs/configuration.md's default for %s is the schema's", (name) => {
    const row = referenceRows.find((r) => r.names.includes(name))!;
    const fallback = defaults[name];
    if (fallback !== undefined && row.defaults.length === row.names.length) {
      expect(row.defaults[row.names.indexOf(name)]).toBe(String(fallback));
    } else if (fallback !== undefined) {
      expect(row.defaults).toContain(String(fallback));
    }
  });
});
