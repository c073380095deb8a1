/**
 * What the root loader asks on every page (docs/product.md#consent Layout dialogs, first visit):
 * which of the age gate, the province notice and the consent dialog this visitor sees, and the
 * first-visit marker to set when the notice shows. Crawlers (isbot) see the page with none of them.
 *
 * Only pages run the root loader: images, webhooks, /robots.txt, /sitemap.xml, the preference
 * switches and other resource routes are never gated, and neither are actions (their page is).
 */
import { isbot } from "isbot";
import type { Province } from "~/vocabulary";
import { visitorCookies } from "./visitor-cookies.server";
import { CONSENT_QUERY, VISITOR_PATH, type VisitorState, visitorState } from "./visitor-rules";

/** Whether the request comes from a crawler or another robot, by its User-Agent (isbot). */
export function isCrawler(request: Request): boolean {
  const userAgent = request.headers.get("User-Agent");
  return Boolean(userAgent) && isbot(userAgent);
}

/**
 * The visitor's state on this page.
 * @param request the page's request (a document GET or its `.data` fetch)
 * @param province the province the page is shown in (the visitor's preferences)
 * @returns the state for the layout, and the `Set-Cookie` headers to send: the first-visit marker
 *   (1 day) when the notice shows, so it shows once.
 */
export async function readVisitorState(request: Request, province: Province): Promise<{ state: VisitorState; headers: Headers }> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  const cookies = visitorCookies();
  const state = visitorState(await cookies.read(request.headers.get("Cookie")), {
    province,
    crawler: isCrawler(request),
    exempt: path === VISITOR_PATH,
    consentRequested: url.searchParams.get(CONSENT_QUERY.name) === CONSENT_QUERY.value,
  });
  const headers = new Headers();
  if (state.notice) headers.append("Set-Cookie", await cookies.markNoticeSeen());
  return { state, headers };
}
