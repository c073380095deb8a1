/**
 * GET /listing/providers (docs/product.md#producers producers listing "Printing to PDF: A4 landscape preview with a
 * logo header", "filename a timestamp in seconds"): the producers of the /providers
 * page with the same query, as an A4 landscape PDF shown inline (a preview the browser prints or
 * saves as `1763884800.pdf`). Public like the directory; rate-limited per client (`pdf`); malformed
 * filters are ignored as on /providers.
 */
import { shopContext } from "~/context";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { buildProvidersPdf } from "~/listing/providers-pdf.server";
import type { Route } from "./+types/listing.providers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await enforceRateLimit("pdf", context.get(requestContext).clientAddress);
  const { db, preferences, locale } = context.get(shopContext);
  const pdf = await buildProvidersPdf(db, new URL(request.url).searchParams, { locale, province: preferences.province });
  return new Response(pdf.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdf.fileName}"`,
      "Content-Length": String(pdf.bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
