import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type InputHTMLAttributes, useEffect, useRef } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { AddToCartSchema } from "~/cart/cart-forms";
import { fullCasesIn } from "~/cart/cart-rules";
import type { CartActionError, CartAdded } from "~/cart/cart-types";
import { type ProductInventoryView, soldByTheCase } from "~/catalogue/product-inventory";
import { notify } from "~/components/ui/toasts";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useFlash } from "~/http/flash";
import { useT } from "~/i18n/translation";
import type { Province } from "~/vocabulary";
import { QuantityInput } from "./quantity-input";

/** The add form's constraints, computed once (not per product card and render). */
const ADD_CONSTRAINT = getZodConstraint(AddToCartSchema);

/** What the add form needs to know of a channel (a product in one inventory). */
export type BuyableChannel = Pick<
  ProductInventoryView,
  "productInventoryId" | "province" | "salesUnit" | "availabilityStatus" | "quantity"
>;

/**
 * What the cart answers an add form: what was added, a refusal, or a failure kept on the page
 * (decision 039: the shape of `FailedSubmission` in app/middleware/failed-submission.ts, written here
 * because the middleware folder imports the cart).
 */
type AddAnswer = CartAdded | CartActionError | { failure: { message: string } };

/** The id of a channel's add form (`add-42`), in a card or on the product page: the anchor an add lands back on. */
const addFormId = (productInventoryId: number) => `add-${productInventoryId}`;

/**
 * Where an add without JavaScript lands back (decision 039): the page it was on, at the form
 * itself (its `scroll-margin` keeps the card's name and price in sight), so the shopper keeps
 * their place. The form's id is the channel's, unique however a page groups its channels in cards.
 */
function addReturnPath(location: { pathname: string; search: string }, channel: BuyableChannel): string {
  return `${location.pathname}${location.search}#${addFormId(channel.productInventoryId)}`;
}

/**
 * Add-to-cart form of a purchasable channel (docs/product.md#cart): private import by the full case (the
 * quantity is in cases), shop items by the unit, upcoming products as a reservation request (by
 * the case for private import). A real POST to /shopping-cart parsed by the cart's one schema,
 * whose 303 lands back on the card with a flash message; with JavaScript a fetcher keeps the page
 * and its scroll, conform checks the quantity first, the header badge counts it at once, and a
 * toast offers the cart (decision 039).
 */
export function AddToCartForm(props: {
  channel: BuyableChannel;
  uvc: number;
  /** A product card's form: quantity 1 (a case or a unit), no quantity field. */
  compact?: boolean;
}) {
  // A card's form has no field to check: no conform state for each of a page's cards.
  return props.compact ? <AddForm {...props} compact /> : <AddFormWithQuantity {...props} />;
}

function AddFormWithQuantity({ channel, uvc }: { channel: BuyableChannel; uvc: number }) {
  const [form, fields] = useForm({
    id: addFormId(channel.productInventoryId),
    constraint: ADD_CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddToCartSchema }),
  });
  const { key: _key, ...quantityProps } = getInputProps(fields.quantity, { type: "number" });
  return (
    <AddForm
      channel={channel}
      uvc={uvc}
      compact={false}
      formProps={getFormProps(form)}
      quantityId={fields.quantity.id}
      quantityProps={quantityProps}
      clientError={fields.quantity.errors?.[0]?.replace(/^cart\.errors\./, "")}
    />
  );
}

function AddForm({
  channel,
  uvc,
  compact,
  formProps,
  quantityId,
  quantityProps,
  clientError,
}: {
  channel: BuyableChannel;
  uvc: number;
  compact: boolean;
  formProps?: ReturnType<typeof getFormProps>;
  quantityId?: string;
  quantityProps?: InputHTMLAttributes<HTMLInputElement>;
  clientError?: string;
}) {
  const { t } = useT();
  const fetcher = useFetcher<AddAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const flash = useFlash();
  const byCase = soldByTheCase(channel);
  const upcoming = channel.availabilityStatus === "UPCOMING";
  const answer = fetcher.data;
  const added = answer && "added" in answer ? answer : null;
  // Without JavaScript the redirect's flash names the channel just added.
  const justAdded = added !== null || flash?.productInventoryId === channel.productInventoryId;
  const error = (answer && "error" in answer ? answer.error : undefined) ?? clientError;
  const busy = fetcher.state !== "idle";
  // Each answer once: a toast offering the cart (the failures have theirs already, app/middleware/failed-submission.ts).
  const toasted = useRef<AddAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || toasted.current === answer || fetcher.state !== "idle") return;
    toasted.current = answer;
    if ("added" in answer) {
      notify({
        kind: "success",
        message: answer.reserved ? t("cart.add.reserved") : t("cart.add.added"),
        link: { href: "/shopping-cart", label: t("cart.add.seeCart") },
      });
    } else if ("error" in answer) {
      notify({ kind: "error", title: t("feedback.errorTitle"), message: t(`cart.errors.${answer.error}`) });
    }
  }, [answer, fetcher.state, t]);
  const available = byCase ? fullCasesIn(channel.quantity, uvc) : channel.quantity;
  if (!upcoming && available < 1) {
    return <p className={`text-sm font-semibold text-stone-600 ${compact ? "" : "mt-3"}`}>{t("cart.add.soldOut")}</p>;
  }
  return (
    <fetcher.Form
      id={addFormId(channel.productInventoryId)}
      method="post"
      action="/shopping-cart"
      preventScrollReset
      className={`flex scroll-mt-48 flex-wrap items-end gap-2 ${compact ? "" : "mt-3"}`}
      data-testid="add-to-cart"
      {...formProps}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productInventoryId" value={channel.productInventoryId} />
      <input type="hidden" name="redirectTo" value={addReturnPath(location, channel)} />
      {/* Sent once scripts run: the answer is data for the fetcher, not a redirect (decision 039). */}
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      {compact ? (
        <input type="hidden" name="quantity" value="1" />
      ) : (
        <label htmlFor={quantityId} className="text-sm">
          <span className="block">{byCase ? t("cart.add.cases", { count: uvc }) : t("cart.add.units")}</span>
          <QuantityInput {...quantityProps} defaultValue={1} />
        </label>
      )}
      <button
        type="submit"
        disabled={busy}
        className={`rounded bg-wine-700 text-white disabled:opacity-60 ${compact ? "px-3 py-1 text-sm" : "px-4 py-1.5"}`}
      >
        {busy ? t("cart.add.pending") : upcoming ? t("cart.add.reserve") : byCase ? t("cart.add.addCases") : t("cart.add.addUnits")}
      </button>
      <p role="status" className="w-full text-sm">
        {error ? <span className="text-red-700">{t(`cart.errors.${error}`)}</span> : null}
        {!error && justAdded && !busy ? (
          <span className="text-green-800">
            {upcoming ? t("cart.add.reserved") : t("cart.add.added")}{" "}
            <a href="/shopping-cart" className="underline">
              {t("cart.add.seeCart")}
            </a>
          </span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}

/**
 * The buy area of a channel: its add form in the visitor's province; in the other province (a
 * Quebec visitor on the Toronto store, say) a switch to that province instead of a button that
 * would always be refused (docs/product.md#province-switch: opening a store of the other province switches province).
 */
export function BuyArea({
  channel,
  uvc,
  visitorProvince,
  compact = false,
}: {
  channel: BuyableChannel;
  uvc: number;
  visitorProvince: Province;
  compact?: boolean;
}) {
  const { t } = useT();
  const location = useLocation();
  if (channel.province === visitorProvince) return <AddToCartForm channel={channel} uvc={uvc} compact={compact} />;
  return (
    <Form method="post" action="/preferences" className={compact ? "" : "mt-3"} data-testid="switch-province">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="province"
        value={channel.province}
        className="rounded border border-wine-700 px-3 py-1 text-sm text-wine-800"
      >
        {t(`cart.add.switchTo.${channel.province}`)}
      </button>
    </Form>
  );
}
