/**
 * Both languages say the same things: every string of `locales/fr-CA` has its English twin and the
 * other way round, and both interpolate the same variables (a `{{days}}` only one language fills
 * would show raw braces or drop a number). Plural forms (`_one`, `_other`…) count as one key,
 * their variables together: "Une réservation" may leave out the count "{{count}} réservations" shows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/vocabulary";

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every string of a locale file by its dotted key, plural forms under one key, with their variables. */
function variablesByKey(locale: string): Map<string, Set<string>> {
  const file = path.resolve(import.meta.dirname, "../../locales", locale, "common.json");
  const tree = JSON.parse(readFileSync(file, "utf8")) as Tree;
  const byKey = new Map<string, Set<string>>();
  const walk = (node: Tree, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (typeof value !== "string") {
        walk(value, key);
        continue;
      }
      const variables = byKey.get(key.replace(PLURAL_SUFFIX, "")) ?? new Set<string>();
      for (const match of value.matchAll(/\{\{\s*([\w.]+)/g)) variables.add(match[1]!);
      byKey.set(key.replace(PLURAL_SUFFIX, ""), variables);
    }
  };
  walk(tree, "");
  return byKey;
}

describe("the locales", () => {
  const [french, english] = LOCALES.map(variablesByKey) as [Map<string, Set<string>>, Map<string, Set<string>>];

  it("have the same keys in French and English", () => {
    expect(french.size).toBeGreaterThan(500);
    expect([...french.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
  });

  it("interpolate the same variables in both languages", () => {
    const differing = [...french]
      .filter(([key, variables]) => [...variables].sort().join() !== [...(english.get(key) ?? [])].sort().join())
      .map(([key, variables]) => `${key}: fr {${[...variables].join(",")}} en {${[...(english.get(key) ?? [])].join(",")}}`);
    expect(differing).toEqual([]);
  });
});
