/**
 * The shop's whole stylesheet (app/app.css, Tailwind), as text, for the server to write inline in
 * every page's `<head>` (the page paints without waiting for another request;
 * docs/decisions/023-first-screen.md). Built once, by Vite, with the server.
 */
import stylesheet from "~/app.css?inline";

/** The stylesheet's CSS text (about 33 KB, 7 KB gzipped). */
export const STYLESHEET_CSS: string = stylesheet;
