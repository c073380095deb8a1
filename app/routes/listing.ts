/**
 * GET /listing (docs/product.md#price-list: "returns a PDF blob; like search plus showUvc, showVintage, showVolume,
 * showQuantity=false, showPrices, taxes (IN or OUT), region (QUEBEC or ONTARIO), show default
 * AVAILABLE_UPCOMING"): the price list of the /products filters as a PDF attachment.
 * Public, like the catalogue; rate-limited per client (`pdf`), since each list reads every matching
 * row. A refused option answers 400 with a localized plain-text message, never a 500; when the
 * process already draws as many lists as it may and others wait, 503 with `Retry-After` and a
 * localized plain-text message (docs/decisions/021-price-list-and-producers-pdf.md).
 */
import { shopContext } from "~/context";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { PRICE_LIST_RETRY_AFTER_SECONDS } from "~/listing/pdf-slots.server";
import { buildPriceList } from "~/listing/price-list-pdf.server";
import type { Route } from "./+types/listing";

export async function loader({ request, context }: Route.LoaderArgs) {
  await enforceRateLimit("pdf", context.get(requestContext).clientAddress);
  const { db, preferences, locale, t } = context.get(shopContext);
  const url = new URL(request.url);
  const list = await buildPriceList(db, url.searchParams, { locale, taxMode: preferences.taxMode, province: preferences.province });
  if (!list.ok && "busy" in list) {
    // Two lists are being drawn and others wait (app/listing/pdf-slots.server.ts): come back later.
    return new Response(`${t("listing.busy")}\n`, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": String(PRICE_LIST_RETRY_AFTER_SECONDS),
      },
    });
  }
  if (!list.ok) {
    const lines = [t("listing.errors.title"), ...Object.entries(list.errors).map(([key, message]) => `${key}: ${t(message)}`)];
    return new Response(`${lines.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(list.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${list.fileName}"`,
      "Content-Length": String(list.bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
