/**
 * GET /account/invoices/:orderNumber (docs/product.md#accounts my account: invoice download; docs/product.md#invoices-and-order-history 'Invoice-{number}';
 * docs/product.md#invoices-and-order-history `GET /invoices/{id}/report`): the invoice of one of the customer's orders as a
 * PDF attachment. Login required (the navigation guard's redirect); another customer's order, an
 * order that does not exist and a malformed number all answer the same 404. Never cached.
 */
import { data } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { shopContext } from "~/context";
import { customerInvoice } from "~/invoices/invoice-pdf.server";
import type { Route } from "./+types/account.invoice";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const invoice = await customerInvoice(shop.db, user.id, params.orderNumber);
  if (!invoice) throw data(null, { status: 404 });
  return new Response(invoice.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.fileName}"`,
      "Content-Length": String(invoice.bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
