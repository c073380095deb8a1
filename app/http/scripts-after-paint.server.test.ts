import { Readable } from "node:stream";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { afterPaintLoader, scriptsAfterFirstPaint, scriptsInsertedAfterPaint } from "./scripts-after-paint.server";

const NONCE = "bm9uY2U=";
const HEAD =
  `<!DOCTYPE html><html lang="fr-CA"><head><style nonce="${NONCE}" data-precedence="default" data-href="cuvee-stylesheet">a{color:red}</style>` +
  `<link rel="preload" href="/assets/common-abc.json" as="fetch" crossorigin=""/><title>Produits · Cuvée</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/root-2.js" nonce="${NONCE}"/></head>`;
const MODULE_CODE = `;\nimport * as route0 from "/assets/root-2.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");`;
const BODY =
  `<body><main><h1>Château d'Yquem · Évian</h1></main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE_CODE}</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;
const PAGE = HEAD + BODY;

/** The page through the transform, written in chunks of `size` bytes (the last one shorter). */
async function transformed(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  const output: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterFirstPaint())) output.push(chunk as Buffer);
  return Buffer.concat(output).toString("utf8");
}

describe("scriptsAfterFirstPaint", () => {
  it("takes the preloads out of the head and writes, in place of the module script, a loader carrying them", async () => {
    const html = await transformed(PAGE, 1 << 16);
    // No tag left to start a download before the page paints (the loader holds them as text).
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // Everything else is as React wrote it.
    expect(html).toContain(`<title>Produits · Cuvée</title></head><body><main><h1>Château d'Yquem · Évian</h1></main>`);
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`);
    const links = `<link rel="preload" href="/assets/common-abc.json" as="fetch" crossorigin=""/><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/root-2.js" nonce="${NONCE}"/>`;
    expect(html).toContain(afterPaintLoader(links, MODULE_CODE, ` nonce="${NONCE}"`));
  });

  it("writes the same page whatever the chunks React writes, multi-byte characters split included", async () => {
    const whole = await transformed(PAGE, 1 << 16);
    for (const size of [1, 2, 3, 7, 64, 333]) expect(await transformed(PAGE, size), `chunks of ${size}`).toBe(whole);
  });

  it("moves tags holding non-ASCII characters byte for byte, whatever the chunks", async () => {
    const link = `<link rel="modulepreload" href="/assets/café-Été.js" nonce="${NONCE}"/>`;
    const code = `import * as route0 from "/assets/café-Été.js"; window.__reactRouterRouteModules = {"root":route0}; // «\u00a0»`;
    const page = `<html><head>${link}</head><body><p>Évian</p><script nonce="${NONCE}" type="module">${code}</script></body></html>`;
    for (const size of [1, 5, 1 << 16]) {
      expect(await transformed(page, size), `chunks of ${size}`).toBe(
        `<html><head></head><body><p>Évian</p>${afterPaintLoader(link, code, ` nonce="${NONCE}"`)}</body></html>`,
      );
    }
  });

  it("gives the preloads back at the end of a page whose scripts it does not recognise", async () => {
    const page =
      HEAD +
      `<body><script nonce="${NONCE}" type="module">import "/assets/other.js";</script><script type="module" src="/@vite/client"></script></body></html>`;
    const html = await transformed(page, 50);
    expect(html).toContain(
      `<script nonce="${NONCE}" type="module">import "/assets/other.js";</script><script type="module" src="/@vite/client"></script>`,
    );
    expect(
      html.endsWith(
        `</html><link rel="preload" href="/assets/common-abc.json" as="fetch" crossorigin=""/><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/root-2.js" nonce="${NONCE}"/>`,
      ),
    ).toBe(true);
  });
});

describe("afterPaintLoader", () => {
  /** Runs the loader against a fake browser and returns what it did and what it waits for. */
  function runLoader(options: { visibility: "visible" | "hidden"; paintTiming: boolean }) {
    const log: string[] = [];
    const frames: (() => void)[] = [];
    const tasks: { run: () => void; delay: number }[] = [];
    const observers: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean }[] = [];
    const script = { type: "", async: false, nonce: "", textContent: "" };
    const document = {
      visibilityState: options.visibility,
      currentScript: { nonce: NONCE },
      head: { insertAdjacentHTML: (where: string, html: string) => log.push(`head ${where} ${html}`) },
      body: {
        appendChild: (node: typeof script) =>
          log.push(`body script ${node.type} async=${node.async} nonce=${node.nonce} ${node.textContent}`),
      },
      createElement: () => script,
      addEventListener: () => undefined,
    };
    class PerformanceObserver {
      static supportedEntryTypes = options.paintTiming ? ["mark", "paint"] : ["mark"];
      record: (typeof observers)[number];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    const loader = afterPaintLoader('<link rel="modulepreload" href="/a.js"/>', 'import "/a.js"; // </script>', ` nonce="${NONCE}"`);
    expect(loader.startsWith(`<script nonce="${NONCE}">`)).toBe(true);
    const source = loader.slice(loader.indexOf(">") + 1, -"</script>".length);
    // Nothing in the script's text could end it early.
    expect(source).not.toContain("</script");
    runInNewContext(source, {
      document,
      PerformanceObserver,
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, delay: number) => tasks.push({ run, delay }),
    });
    /** The browser reports paint entries to the observers. */
    const paint = (...names: string[]) => {
      for (const o of observers.filter((o) => !o.disconnected)) {
        const list = { getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })) };
        o.callback(list, { disconnect: () => (o.disconnected = true) });
      }
    };
    return { log, frames, tasks, paint };
  }

  const INSERTED = [
    'head beforeend <link rel="modulepreload" href="/a.js"/>',
    `body script module async=true nonce=${NONCE} import "/a.js"; // </script>`,
  ];

  it("inserts the preloads, then the module script with the nonce, once the first contentful paint is reported", () => {
    const { log, frames, tasks, paint } = runLoader({ visibility: "visible", paintTiming: true });
    expect(log).toEqual([]);
    expect(frames).toEqual([]);
    // Only the safety timer waits, far later.
    expect(tasks.map((t) => t.delay)).toEqual([3000]);
    paint("first-paint");
    expect(tasks).toHaveLength(1);
    paint("first-paint", "first-contentful-paint");
    expect(log).toEqual([]);
    tasks[1]!.run();
    expect(log).toEqual(INSERTED);
    // The safety timer, coming later, inserts nothing twice.
    tasks[0]!.run();
    expect(log).toEqual(INSERTED);
  });

  it("waits two frames and a task in a browser without paint timing", () => {
    const { log, frames, tasks } = runLoader({ visibility: "visible", paintTiming: false });
    frames.shift()!();
    frames.shift()!();
    expect(log).toEqual([]);
    tasks.shift()!.run();
    expect(log).toEqual(INSERTED);
  });

  it("starts at once in a tab that is hidden (nothing would be painted)", () => {
    const { log } = runLoader({ visibility: "hidden", paintTiming: true });
    expect(log).toEqual(INSERTED);
  });
});

describe("scriptsInsertedAfterPaint", () => {
  it("gives the module code the page's loader will insert, exactly", async () => {
    expect(scriptsInsertedAfterPaint(await transformed(PAGE, 1 << 16))).toEqual([MODULE_CODE]);
    const awkward = 'import "/a.js"; const s = "\\"</script>\u2028"; // Évian';
    expect(scriptsInsertedAfterPaint(`<p>x</p>${afterPaintLoader('<link rel="modulepreload" href="/a.js"/>', awkward, "")}`)).toEqual([
      awkward,
    ]);
  });

  it("finds nothing in a page without a loader", () => {
    expect(scriptsInsertedAfterPaint(PAGE)).toEqual([]);
  });
});
