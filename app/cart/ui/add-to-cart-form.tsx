import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { InputHTMLAttributes } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { AddToCartSchema } from "~/cart/cart-forms";
import { fullCasesIn } from "~/cart/cart-rules";
import type { CartActionError } from "~/cart/cart-types";
import { type ProductInventoryView, soldByTheCase } from "~/catalogue/product-inventory";
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
 * Add-to-cart form of a purchasable channel (SPEC §5): private import by the full case (the
 * quantity is in cases), shop items by the unit, upcoming products as a reservation request (by
 * the case for private import). A real POST to /shopping-cart parsed by the cart's one schema;
 * with JavaScript a fetcher keeps the page, conform checks the quantity first, and the header
 * badge counts it at once.
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
    id: `add-${channel.productInventoryId}`,
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
  const fetcher = useFetcher<CartActionError>();
  const location = useLocation();
  const byCase = soldByTheCase(channel);
  const upcoming = channel.availabilityStatus === "UPCOMING";
  const params = new URLSearchParams(location.search);
  params.set("added", String(channel.productInventoryId));
  const justAdded = new URLSearchParams(location.search).get("added") === String(channel.productInventoryId);
  const error = fetcher.data?.error ?? clientError;
  const busy = fetcher.state !== "idle";
  const available = byCase ? fullCasesIn(channel.quantity, uvc) : channel.quantity;
  if (!upcoming && available < 1) {
    return <p className={`text-sm font-semibold text-stone-600 ${compact ? "" : "mt-3"}`}>{t("cart.add.soldOut")}</p>;
  }
  return (
    <fetcher.Form
      method="post"
      action="/shopping-cart"
      className={`flex flex-wrap items-end gap-2 ${compact ? "" : "mt-3"}`}
      data-testid="add-to-cart"
      {...formProps}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productInventoryId" value={channel.productInventoryId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}?${params}`} />
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
 * would always be refused (SPEC §4: opening a store of the other province switches province).
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
