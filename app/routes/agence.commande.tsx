/**
 * /agence/commandes/:orderNumber (docs/product.md#branch-follow-up agency order): one order for the agency —
 * its snapshot, contact, branch or boutique, dates, audit trail — and the steps: agency fees
 * received, ready for pick-up, picked up, refund. Each step is a POST form carrying the state the
 * page showed: done → 303 back here with a notice; a stale or disallowed step → 409 with the
 * current state shown; a refused Stripe refund → 502 with a message, nothing changed; an invalid
 * form → 400. Staff only (404 otherwise, loader and action); rate-limited; never cached.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { FulfilmentStepSchema, staffOrderPath } from "~/fulfilment/fulfilment-forms";
import { isFulfilmentStep } from "~/fulfilment/fulfilment-rules";
import { getStaffOrder, takeFulfilmentStep } from "~/fulfilment/order-fulfilment.server";
import { StaffOrderPage } from "~/fulfilment/ui/order-detail";
import { noStoreHeaders } from "~/http/cache-headers";
import { shopOrigin } from "~/http/shop-origin.server";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.commande";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

/** After a refused step (409, 502) the page reloads the order, so the current state is what is shown. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 502 || defaultShouldRevalidate;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const order = await getStaffOrder(shop.db, params.orderNumber);
  if (!order) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: shop.t("fulfilment.detail.title", { number: order.view.orderNumber }),
    order,
    done: isFulfilmentStep(done) ? done : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: FulfilmentStepSchema });
  const posted = formData.get("intent");
  const step = isFulfilmentStep(posted) ? posted : null;
  if (submission.status !== "success") return data({ step, result: submission.reply() }, { status: 400 });
  const { intent, status, fulfilmentStatus } = submission.value;
  const outcome = await takeFulfilmentStep(shop.db, {
    staff,
    orderNumber: params.orderNumber,
    step: intent,
    shown: { status, fulfilmentStatus },
    origin: shopOrigin(request),
  });
  if (outcome.ok) throw redirect(`${staffOrderPath(outcome.order.orderNumber)}?done=${intent}`, { status: 303 });
  if (outcome.error === "not-found") throw data(null, { status: 404 });
  if (outcome.error === "refund-failed") {
    return data({ step, result: submission.reply({ formErrors: ["fulfilment.errors.refundFailed"] }) }, { status: 502 });
  }
  return data({ step, result: submission.reply({ formErrors: ["fulfilment.errors.stale"] }) }, { status: 409 });
}

export default function AgencyOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffOrderPage order={loaderData.order} done={loaderData.done} reply={actionData} />;
}
