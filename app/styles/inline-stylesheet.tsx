/**
 * The stylesheet inline in the document's `<head>` (docs/decisions/023-first-screen.md):
 * a page paints as soon as its HTML arrives, with no render-blocking request competing with the
 * scripts for a slow link. The server gives the CSS text and the request's CSP nonce through
 * {@link InlineStylesheetProvider} (entry.server.tsx); the browser never downloads it again: it
 * reuses the server's element (React keeps a `<style precedence>` by its `href`) and only reads its
 * text, should React ever have to render it anew.
 */
import { createContext, useContext } from "react";

/** What the server gives the document: the stylesheet's text and the request's CSP nonce. */
export interface InlineStylesheetValue {
  css: string;
  nonce?: string;
}

const InlineStylesheetContext = createContext<InlineStylesheetValue | null>(null);

/** Provided by entry.server.tsx around the whole document. */
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

/** React's key of the element (`data-href` in the HTML). */
const STYLESHEET_KEY = "cuvee-stylesheet";

let browserCss: string | undefined;

/** The text of the server's element, read once (the browser). */
function cssOfDocument(): string {
  browserCss ??= document.querySelector(`style[data-href~="${STYLESHEET_KEY}"]`)?.textContent ?? "";
  return browserCss;
}

/** The `<style>` of the document's head; rendered once, by the root layout. */
export function InlineStylesheet() {
  const server = useContext(InlineStylesheetContext);
  const css = server ? server.css : cssOfDocument();
  return (
    <style href={STYLESHEET_KEY} precedence="default" nonce={server?.nonce}>
      {css}
    </style>
  );
}

/**
 * On the server, the request's CSP nonce for a `<style>` a component renders (decision 038: the
 * photos' placeholders); null in the browser. A style must come with the server's HTML: on a
 * shared page (decision 026) the policy allows the HTML's own styles by their hashes, so a style
 * the browser would insert later is refused.
 */
export function useServerStyleNonce(): { nonce: string | undefined } | null {
  const server = useContext(InlineStylesheetContext);
  return server ? { nonce: server.nonce } : null;
}
