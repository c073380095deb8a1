/**
 * The client JavaScript size of `npm run bench` ("Done when"): what the home page
 * makes a browser download before it is interactive, and the whole client build, in bytes — raw
 * and compressed with gzip -9 (each file alone, as a server or CDN sends it).
 *
 * Home's first-load JavaScript is React Router's manifest chain (build/client/assets/manifest-*.js:
 * the client entry and its imports, the root route's module and imports, the home route's module
 * and imports) together with every script the served home page itself names (module preloads and
 * imports), so a script added outside the manifest is counted too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}
interface ClientManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id: string; parentId?: string; index?: boolean; path?: string }>;
}

export interface Bytes {
  files: number;
  raw: number;
  gzip: number;
}

export interface JsSizeFigures {
  /** Home's first-load JavaScript. */
  homeJs: Bytes & { urls: string[] };
  /** Home's stylesheets (root and route CSS). */
  homeCss: Bytes;
  /** Every .js file of build/client/assets. */
  allJs: Bytes;
  /** Scripts the home HTML names that the manifest chain does not (should be none). */
  outsideManifest: string[];
  /** How many of the counted scripts the home HTML names itself (preloads, imports). */
  namedByHtml: number;
}

function sizes(clientDir: string, urls: string[]): Bytes {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const content = readFileSync(path.join(clientDir, url.replace(/^\//, "")));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: urls.length, raw, gzip };
}

/** The newest `manifest-*.js` of the client build, parsed. @throws Error when there is none */
function readManifest(assets: string): ClientManifest {
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length === 0) throw new Error(`no React Router manifest (manifest-*.js) in ${assets}: build first`);
  const newest = files.map((f) => path.join(assets, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
  const text = readFileSync(newest, "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as ClientManifest;
}

/** The `/assets/….js` URLs a page's HTML names (module preloads, module scripts, imports). */
export function scriptsOfHtml(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"';]*?from\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  return [...urls];
}

/**
 * Measures the client build.
 * @param clientDir build/client
 * @param homeHtml the home page as the app served it
 */
export function measureJsSize(clientDir: string, homeHtml: string): JsSizeFigures {
  const assets = path.join(clientDir, "assets");
  const manifest = readManifest(assets);
  const home = manifest.routes["routes/home"] ?? Object.values(manifest.routes).find((r) => r.index && r.parentId === "root");
  const root = manifest.routes.root;
  if (!home || !root) throw new Error("the client manifest has no root or home route");
  const chain = [manifest.entry, root, home].flatMap((e) => [e.module, ...(e.imports ?? [])]);
  const fromHtml = scriptsOfHtml(homeHtml);
  const homeJs = [...new Set([...chain, ...fromHtml])];
  const css = [...new Set([root, home].flatMap((e) => e.css ?? []))];
  const allJs = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => `/assets/${f}`);
  return {
    homeJs: { ...sizes(clientDir, homeJs), urls: homeJs },
    homeCss: sizes(clientDir, css),
    allJs: sizes(clientDir, allJs),
    outsideManifest: fromHtml.filter((u) => !chain.includes(u)),
    namedByHtml: fromHtml.length,
  };
}
