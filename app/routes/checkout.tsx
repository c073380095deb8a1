/**
 * /checkout (docs/product.md#checkout "Checkout in 3 steps"): step 1 personal
 * information, step 2 delivery (branch for private import, boutique for shop items), step 3
 * payment review and 'Passer la commande'. `?step=` is in the URL; the answers are server-side;
 * a step not reachable yet redirects to the furthest one that is. Every form is a real POST.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { createAccountFromOrder } from "~/accounts/guest-orders.server";
import { notifyRegistrationAttempt } from "~/accounts/registration.server";
import { ensureCartOwner, readCartOwner } from "~/cart/cart-owner.server";
import { withMainPhotos } from "~/catalogue/photos-on-pages.server";
import { soldByTheCase } from "~/catalogue/product-inventory";
import { loadCheckout, parseStep, saveContact, saveDelivery } from "~/checkout/checkout.server";
import { ContactSchema, PlaceOrderSchema } from "~/checkout/checkout-forms";
import { placeOrderAndPay } from "~/checkout/place-order.server";
import { type CheckoutActionData, CheckoutPage } from "~/checkout/ui/checkout-page";
import { loadReturnsPolicy } from "~/content/returns-policy.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { shopOrigin } from "~/http/shop-origin.server";
import type { LayoutHandle } from "~/layout/page-layout";
import { phoneForDisplay } from "~/lib/phone";
import { searchBranches } from "~/orders/branches.server";
import { deliverySchema } from "~/orders/pickup";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { isWeakPassword, WEAK_PASSWORD_MESSAGE } from "~/users/password-strength.server";
import { readUser } from "~/users/users.server";
import type { Route } from "./+types/checkout";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "checkout");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** Drawn in the checkout's focused frame: its own header, the minimal footer (docs/decisions/044-order-e-mails.md). */
export const handle = { layout: "checkout", backTo: "cart" } satisfies LayoutHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const { province, taxMode } = shop.preferences;
  const state = await loadCheckout(shop.db, { owner: await readCartOwner(shop.db, request), province, locale: shop.locale, taxMode });
  if (!state) throw redirect("/shopping-cart-empty");
  if (state.blockers.length > 0) throw redirect("/shopping-cart");
  const step = parseStep(url.searchParams.get("step"));
  if (step > state.reachable) throw redirect(`/checkout?step=${state.reachable}`);
  const query = url.searchParams.get("q") ?? "";
  const branches = step === 2 && state.needs.branch ? await searchBranches(shop.db, province, query) : [];
  const c = state.checkout;
  // docs/product.md#accounts: checkout loads the profile first; a customer's step 1 starts from it.
  const user = await readUser(shop.db, request);
  const contact = c?.email ? c : user ? { ...user, createAccount: false } : null;
  return {
    title: `${shop.t("checkout.title")} — ${shop.t("checkout.stepOf", { step, count: 3 })}`,
    step,
    province,
    lockVersion: state.cart.lockVersion,
    contact: {
      firstName: contact?.firstName ?? "",
      lastName: contact?.lastName ?? "",
      email: contact?.email ?? "",
      phone: phoneForDisplay(contact?.phone ?? ""),
      createAccount: contact?.createAccount ?? false,
    },
    isCustomer: user !== null,
    needs: state.needs,
    query,
    branches: branches.map(({ id, name, street, city, postalCode, phone }) => ({ id, name, street, city, postalCode, phone })),
    branch: state.branch,
    boutiqueCode: c?.boutiqueCode ?? null,
    summary: state.summary,
    // Step 3's conditions quote the one returns policy (docs/decisions/048-discovery-subscriber-prices.md).
    returnsPolicy: step === 3 ? await loadReturnsPolicy(shop.db, shop.locale) : null,
    // Step 3 reviews the lines with their photos; the other steps do not show them.
    lines: (step === 3
      ? await withMainPhotos(shop.db, state.cart.lines, shop.locale)
      : state.cart.lines.map((l) => ({ ...l, photo: null }))
    ).map((l) => ({
      productInventoryId: l.productInventoryId,
      photo: l.photo,
      typeCode: l.typeCode,
      section: l.section,
      byCase: soldByTheCase(l),
      name: l.name,
      vintage: l.vintage,
      quantity: l.quantity,
      uvc: l.uvc,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("checkout", context.get(requestContext).clientAddress);
  const form = await readFormData(request);
  const { province, taxMode } = shop.preferences;
  const { owner, setCookie } = await ensureCartOwner(shop.db, request);
  const headers = { "Set-Cookie": setCookie };
  const state = await loadCheckout(shop.db, { owner, province, locale: shop.locale, taxMode });
  if (!state) throw redirect("/shopping-cart-empty", { headers });
  const intent = form.get("intent");

  if (intent === "contact") {
    const submission = parseWithZod(form, { schema: ContactSchema });
    if (submission.status !== "success") {
      return data<CheckoutActionData>({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400, headers });
    }
    // A logged-in customer already has the account.
    const contact = "customerId" in owner ? { ...submission.value, createAccount: false } : submission.value;
    const { email, firstName, lastName, password } = contact;
    if (contact.createAccount && password && (await isWeakPassword(password, [email, firstName, lastName]))) {
      return data<CheckoutActionData>(
        { intent, result: submission.reply({ fieldErrors: { password: [WEAK_PASSWORD_MESSAGE] }, hideFields: ["password"] }) },
        { status: 400, headers },
      );
    }
    await saveContact(shop.db, state.cart.id, contact);
    throw redirect("/checkout?step=2", { status: 303, headers });
  }

  if (intent === "delivery") {
    if (state.reachable < 2) throw redirect("/checkout?step=1", { status: 303, headers });
    const submission = parseWithZod(form, { schema: deliverySchema(state.needs) });
    if (submission.status !== "success") {
      return data<CheckoutActionData>({ intent, result: submission.reply() }, { status: 400, headers });
    }
    const saved = await saveDelivery(shop.db, {
      cartId: state.cart.id,
      province,
      branchId: state.needs.branch ? (submission.value.branchId ?? null) : null,
      boutiqueCode: state.needs.boutique ? (submission.value.boutiqueCode ?? null) : null,
    });
    if (!saved) {
      return data<CheckoutActionData>(
        { intent, result: submission.reply({ fieldErrors: { branchId: ["checkout.errors.branchNotFound"] } }) },
        { status: 400, headers },
      );
    }
    throw redirect("/checkout?step=3", { status: 303, headers });
  }

  if (intent === "place") {
    const submission = parseWithZod(form, { schema: PlaceOrderSchema });
    if (submission.status !== "success") {
      return data<CheckoutActionData>({ intent, result: submission.reply() }, { status: 400, headers });
    }
    const origin = shopOrigin(request);
    const outcome = await placeOrderAndPay(shop.db, {
      owner,
      province,
      locale: shop.locale,
      cartId: state.cart.id,
      lockVersion: submission.value.lockVersion,
      origin,
      // The account the guest asked for on step 1; an address that already had one
      // gets an e-mail instead, and the guest sees the same pages (docs/decisions/031).
      onPlaced: async (order) => {
        await createAccountFromOrder(shop.db, order.id, (tx, email) => notifyRegistrationAttempt(tx, email, origin));
      },
    });
    switch (outcome.kind) {
      case "redirect":
        throw redirect(outcome.url, { status: 303, headers });
      case "unavailable":
        return data<CheckoutActionData>({ intent, result: submission.reply(), error: "paymentUnavailable" }, { status: 503, headers });
      case "refused": {
        const { error, replaced } = outcome;
        if (replaced) {
          return data<CheckoutActionData>(
            // The order placed again for a closed payment window: its own refusal is shown (an
            // empty or incomplete cart means its lines went: the stock message).
            { intent, result: submission.reply(), error: error === "incomplete" || error === "empty" ? "stock" : error },
            { status: 409, headers },
          );
        }
        if (error === "incomplete") throw redirect("/checkout?step=2", { status: 303, headers });
        if (error === "empty") throw redirect("/shopping-cart-empty", { status: 303, headers });
        return data<CheckoutActionData>(
          { intent, result: submission.reply(), error },
          { status: error === "conflict" ? 409 : 400, headers },
        );
      }
    }
  }

  return data<CheckoutActionData>({ intent: null, result: undefined, error: "unknownIntent" }, { status: 400, headers });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} actionData={actionData} />;
}
