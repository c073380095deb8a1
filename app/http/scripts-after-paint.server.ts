/**
 * The page paints before any JavaScript arrives (docs/decisions/023-first-screen.md).
 *
 * React Router writes, for hydration, `<link rel="modulepreload">` tags (React hoists them into
 * `<head>`) and one inline `<script type="module">` that imports the route modules; the root
 * layout adds the `<link rel="preload" as="fetch">` of the page's strings. A browser starts all
 * of them as soon as it reads the head, so on a slow link about 200 KB of scripts share the
 * bandwidth and the main thread with the page's own first paint. Every page works without
 * JavaScript (docs/product.md#how-the-shop-is-built), so this transform takes those tags out of the HTML stream and writes, in
 * place of the module script, a small inline script (with the request's nonce) that inserts them
 * all — preloads first, then the module script — once the page has painted: when the browser
 * reports the first contentful paint (PerformanceObserver `paint`; without it, two frames after the
 * whole document is parsed), or at once in a hidden tab, where nothing is painted.
 *
 * Nothing else in the document changes. Should React Router ever write its scripts differently
 * (no module script found), the tags taken out are written back at the end of the document, so
 * the page still hydrates.
 */
import { Transform } from "node:stream";

/** The tags deferred: script preloads, fetch preloads (the strings) and inline module scripts. */
const DEFERRED_TAG =
  /<link\b[^>]*\brel="modulepreload"[^>]*>|<link\b[^>]*\brel="preload"[^>]*\bas="fetch"[^>]*>|<script\b(?![^>]*\bsrc=)[^>]*\btype="module"[^>]*>/g;

/** What React Router's module script, and no other, sets (Vite's own inline modules in development pass). */
const ROUTER_MODULE_SCRIPT = "window.__reactRouterRouteModules";

/**
 * The longest wait for the first contentful paint (ms), should the browser never report it; the
 * document is whole when the loader runs, so a paint comes long before on any phone.
 */
const SAFETY_DELAY_MS = 3000;

/** A value written into an inline script: JSON, with nothing that could end the script or a line. */
function inlineJson(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The inline script that inserts the deferred tags after the first paint.
 * @param links the `<link>` tags taken out of the document, as HTML
 * @param moduleCode the module script's source (React Router's imports of the route modules)
 * @param nonceAttribute ` nonce="…"` of the module script (the request's CSP nonce), or ""
 */
export function afterPaintLoader(links: string, moduleCode: string, nonceAttribute: string): string {
  // `document.currentScript` is set only while this script runs: its nonce is read at once.
  const code =
    `(function(l,c,n){var d=document,s=!1;function go(){if(s)return;s=!0;d.head.insertAdjacentHTML("beforeend",l);` +
    `var e=d.createElement("script");e.type="module";e.async=!0;if(n)e.nonce=n;e.textContent=c;d.body.appendChild(e)}` +
    `function later(){setTimeout(go,0)}` +
    `if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go,{once:!0});` +
    `try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){` +
    `new PerformanceObserver(function(p,o){if(p.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}})` +
    `.observe({type:"paint",buffered:!0});setTimeout(go,${SAFETY_DELAY_MS});return}}catch(x){}` +
    `requestAnimationFrame(function(){requestAnimationFrame(later)})})` +
    `(${inlineJson(links)},${inlineJson(moduleCode)},document.currentScript&&document.currentScript.nonce)`;
  return `<script${nonceAttribute}>${code}</script>`;
}

/** The arguments {@link afterPaintLoader} writes after its function: the links and the module code, as JSON strings. */
const LOADER_ARGUMENTS =
  /\}\)\(("(?:[^"\\]|\\.)*"),("(?:[^"\\]|\\.)*"),document\.currentScript&&document\.currentScript\.nonce\)<\/script>/g;

/**
 * The inline scripts the after-paint loaders of a page will insert: each loader's module code.
 * A policy that allows a page's inline scripts by their hashes instead of a nonce must allow
 * these too (a shared page: app/middleware/shared-page-cache.server.ts).
 * @param html a page written through {@link scriptsAfterFirstPaint}
 */
export function scriptsInsertedAfterPaint(html: string): string[] {
  return [...html.matchAll(LOADER_ARGUMENTS)].map((match) => JSON.parse(match[2]!) as string);
}

/**
 * A stream transform of the page's HTML (UTF-8 bytes in, bytes out) that defers the hydration
 * scripts until the page has painted (see the module's comment). Tags split across chunks are
 * held until complete; once the module script is replaced the rest passes through untouched.
 *
 * The bytes are read as latin1, one character per byte: the tags sought are ASCII and UTF-8 never
 * uses an ASCII byte inside a multi-byte character, so a character split between chunks needs no
 * care and every byte leaves as it came, without decoding and encoding again a 100 KB page.
 */
export function scriptsAfterFirstPaint(): Transform {
  let pending = "";
  let deferredLinks = "";
  let done = false;

  /** Processes `pending`, returning what can be written now and keeping an incomplete tail. */
  function take(final: boolean): string {
    let out = "";
    let from = 0;
    DEFERRED_TAG.lastIndex = 0;
    for (let match = DEFERRED_TAG.exec(pending); match; match = DEFERRED_TAG.exec(pending)) {
      const tag = match[0];
      if (tag.startsWith("<link")) {
        out += pending.slice(from, match.index);
        deferredLinks += tag;
        from = match.index + tag.length;
        continue;
      }
      const close = pending.indexOf("</script>", match.index + tag.length);
      if (close === -1) {
        // The module script is not complete yet: keep it for the next chunk.
        out += pending.slice(from, match.index);
        pending = pending.slice(match.index);
        return out;
      }
      const moduleCode = pending.slice(match.index + tag.length, close);
      if (!moduleCode.includes(ROUTER_MODULE_SCRIPT)) {
        out += pending.slice(from, close);
        from = close;
        DEFERRED_TAG.lastIndex = close;
        continue;
      }
      const nonce = /\snonce="[^"]*"/.exec(tag)?.[0] ?? "";
      out += pending.slice(from, match.index) + afterPaintLoader(deferredLinks, moduleCode, nonce);
      done = true;
      out += pending.slice(close + "</script>".length);
      pending = "";
      return out;
    }
    // Keep a trailing tag that may be incomplete (a `<` with no `>` after it).
    const lastOpen = pending.lastIndexOf("<");
    const keepFrom = !final && lastOpen >= from && pending.indexOf(">", lastOpen) === -1 ? lastOpen : pending.length;
    out += pending.slice(from, keepFrom);
    pending = pending.slice(keepFrom);
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) {
        callback(null, chunk);
        return;
      }
      pending += chunk.toString("latin1");
      const out = take(false);
      callback(null, out ? Buffer.from(out, "latin1") : undefined);
    },
    flush(callback) {
      let out = done ? "" : take(true);
      // No module script came (React Router wrote its scripts differently): give the tags back.
      if (!done && deferredLinks) out += deferredLinks;
      callback(null, out ? Buffer.from(out, "latin1") : undefined);
    },
  });
}
