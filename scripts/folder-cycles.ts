/**
 * The import graph of app/'s top-level folders, and a failure when two of them import each other
 * (directly or around a longer loop): the layering check of docs/decisions/034-folder-layering.md.
 *
 *   npm run check:layers              prints the graph (folder → folders it imports), then the cycles
 *   npm run check:layers -- --why A B lists the imports that make folder A depend on folder B
 *
 * A "folder" is each directory directly under app/ (app/catalogue, app/routes…) and each file
 * directly in app/ (root.tsx, vocabulary.ts…), named without its extension (a test beside it
 * counts with it). Every .ts/.tsx file
 * under app/ is read, tests included (a test that imports upward knots its folder too); its
 * imports (static, `export … from`, dynamic `import()`, `import type`) are resolved with the
 * TypeScript compiler and tsconfig.json (so `~/…`, relative paths and extensionless paths all
 * count); imports resolving outside app/ (packages, .react-router/types, tests/) are ignored.
 *
 * Exit status 1, with every cycle listed, when the folder graph has a cycle; 0 otherwise.
 */
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Folder graph: folder → set of folders it imports (never itself). */
export type FolderGraph = Map<string, Set<string>>;

/**
 * The top-level node of app/ a file belongs to: its first directory under app/, or for a file
 * directly in app/ its name without the extension, a test counting with its subject
 * (`root.tsx` → `root`, `cache.server.test.ts` → `cache.server`). `undefined` outside app/.
 */
export function topLevelOf(appDir: string, file: string): string | undefined {
  const rel = relative(appDir, file);
  if (rel === "" || rel.startsWith("..") || resolve(appDir, rel) !== resolve(file)) return undefined;
  const parts = rel.split(sep);
  if (parts.length > 1) return parts[0];
  return parts[0]!.replace(/(\.db)?(\.test)?\.(tsx?|jsx?|mts|cts)$/, "");
}

/**
 * Builds the folder graph from file-level imports (`file → resolved files it imports`, absolute
 * paths). Imports inside one folder and imports of files outside app/ are left out.
 */
export function folderGraph(appDir: string, imports: Map<string, string[]>): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const [file, targets] of imports) {
    const from = topLevelOf(appDir, file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = topLevelOf(appDir, target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * The cycles of a folder graph, as its strongly connected components of two folders or more
 * (Tarjan's algorithm), each sorted by name, largest first. Empty when the graph is layered.
 */
export function cyclesOf(graph: FolderGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = new Set<string>([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** Every .ts/.tsx file under `dir`, recursively (absolute paths, sorted). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** File-level imports of every source file under `appDir`, resolved with the project's tsconfig. */
export function readImports(projectDir: string, appDir: string): Map<string, string[]> {
  const configPath = join(projectDir, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, projectDir);
  const host = ts.createCompilerHost(options);
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(appDir)) {
    const info = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    const targets: string[] = [];
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, options, host).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport) targets.push(resolve(resolved.resolvedFileName));
    }
    imports.set(file, targets);
  }
  return imports;
}

function main(argv: string[]): number {
  const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const appDir = join(projectDir, "app");
  const imports = readImports(projectDir, appDir);

  const why = argv.indexOf("--why");
  if (why !== -1) {
    const [from, to] = [argv[why + 1], argv[why + 2]];
    for (const [file, targets] of imports) {
      if (topLevelOf(appDir, file) !== from) continue;
      for (const target of targets) {
        if (topLevelOf(appDir, target) === to) {
          console.log(`${relative(projectDir, file)} → ${relative(projectDir, target)}`);
        }
      }
    }
    return 0;
  }

  const graph = folderGraph(appDir, imports);
  console.log("Import graph of app/'s top-level folders (folder → folders it imports):");
  for (const folder of [...graph.keys()].sort()) {
    console.log(`  ${folder} → ${[...graph.get(folder)!].sort().join(", ") || "(nothing)"}`);
  }
  const cycles = cyclesOf(graph);
  if (cycles.length === 0) {
    console.log(`\nNo cycle between ${graph.size} top-level folders of app/.`);
    return 0;
  }
  console.log(`\n${cycles.length} cycle(s) between top-level folders of app/:`);
  for (const cycle of cycles) {
    console.log(`  ${cycle.length} folders: ${cycle.join(", ")}`);
    const members = new Set(cycle);
    for (const from of cycle) {
      const back = [...graph.get(from)!].filter((to) => members.has(to) && graph.get(to)?.has(from));
      for (const to of back.filter((to) => from < to)) console.log(`    ${from} ⇄ ${to}`);
    }
  }
  console.log("\nSee which imports make an edge: npm run check:layers -- --why FROM TO");
  return 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
