import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cyclesOf, type FolderGraph, folderGraph, readImports, topLevelOf } from "./folder-cycles";

const graphOf = (edges: Record<string, string[]>): FolderGraph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe("topLevelOf", () => {
  it("names a folder by its first directory and a root file by its name, a test with its subject", () => {
    expect(topLevelOf("/p/app", "/p/app/catalogue/seed/demo.ts")).toBe("catalogue");
    expect(topLevelOf("/p/app", "/p/app/root.tsx")).toBe("root");
    expect(topLevelOf("/p/app", "/p/app/cache.server.test.ts")).toBe("cache.server");
    expect(topLevelOf("/p/app", "/p/tests/support/x.ts")).toBeUndefined();
    expect(topLevelOf("/p/app", "/p/application/x.ts")).toBeUndefined();
  });
});

describe("cyclesOf", () => {
  it("finds no cycle in a layered graph", () => {
    expect(cyclesOf(graphOf({ routes: ["catalogue", "lib"], catalogue: ["lib", "db"], db: ["lib"], lib: [] }))).toEqual([]);
  });
  it("finds two folders that import each other, and a longer loop", () => {
    const graph = graphOf({ a: ["b"], b: ["a"], c: ["d"], d: ["e"], e: ["c"], f: ["a"] });
    expect(cyclesOf(graph)).toEqual([
      ["c", "d", "e"],
      ["a", "b"],
    ]);
  });
});

describe("readImports and folderGraph", () => {
  const project = mkdtempSync(join(tmpdir(), "folder-cycles-"));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  };

  it("follows ~/ paths, relative paths, type-only and dynamic imports, and ignores packages", () => {
    write(
      "tsconfig.json",
      JSON.stringify({ compilerOptions: { moduleResolution: "bundler", module: "ESNext", paths: { "~/*": ["./app/*"] } } }),
    );
    write("app/lib/xml.ts", 'import { z } from "zod";\nexport const x = 1;\n');
    write("app/catalogue/images.ts", 'import { x } from "~/lib/xml";\nexport const y = x;\n');
    write(
      "app/checkout/mail.ts",
      'import type { y } from "../catalogue/images";\nexport const m = () => import("~/reservations/token");\n',
    );
    write("app/reservations/token.ts", 'export { m } from "~/checkout/mail";\n');
    const appDir = join(project, "app");
    const graph = folderGraph(appDir, readImports(project, appDir));
    expect(Object.fromEntries([...graph].map(([from, to]) => [from, [...to].sort()]))).toEqual({
      lib: [],
      catalogue: ["lib"],
      checkout: ["catalogue", "reservations"],
      reservations: ["checkout"],
    });
    expect(cyclesOf(graph)).toEqual([["checkout", "reservations"]]);
  });
});
