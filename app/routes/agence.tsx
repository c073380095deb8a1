/**
 * /agence (docs/product.md#accounts Accounts): the frame of the agency's staff area. Its
 * middleware answers 404 to anyone but staff before any page of the area loads or acts; each
 * page's loader and action also reads its staff user with `requireStaff`. Never cached, never
 * indexed.
 */
import { Outlet } from "react-router";
import { staffOnly } from "~/agency/staff.server";
import { StaffLayout } from "~/agency/ui/staff-layout";
import { noStoreHeaders } from "~/http/cache-headers";
import type { LayoutHandle } from "~/layout/page-layout";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence";

export const middleware: Route.MiddlewareFunction[] = [staffOnly];

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** Drawn in the staff frame: the minimal footer, no newsletter form (docs/decisions/044-order-e-mails.md). */
export const handle = { layout: "staff" } satisfies LayoutHandle;

/** The area's title (pages give their own), `noindex`. */
export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), undefined, "agency");
}

export default function Agency() {
  return (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  );
}
