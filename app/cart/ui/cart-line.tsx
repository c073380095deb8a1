import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useFetcher } from "react-router";
import { UpdateLineSchema } from "~/cart/cart-forms";
import type { CartActionError, CartLine } from "~/cart/cart-types";
import { PICTURE_SIZES } from "~/catalogue/ui/catalogue-image";
import { channelNameKey } from "~/i18n/channel-names";
import { formatMoney, formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";
import { QuantityInput } from "./quantity-input";

/** The update form's constraints, computed once. */
const UPDATE_CONSTRAINT = getZodConstraint(UpdateLineSchema);

/** A cart line as the page shows it: prices already in the tax mode, computed by the loader. */
export type CartLineView = CartLine & {
  overStock: boolean;
  /** The quantity counts full cases (docs/product.md#cases). */
  byCase: boolean;
  /** One bottle or unit, in the tax mode, cents. */
  unitCents: number;
  /** One full case in the tax mode, cents; null when sold by the unit. */
  caseCents: number | null;
  /** The line's amount in the tax mode, cents (from the pricing module). */
  totalCents: number;
  /** The product's main photo; null: the generated image `imageSrc`. */
  photo: ImageRef | null;
  imageSrc: string;
};

/**
 * One cart line (docs/product.md#cart) with its update and remove forms: real POSTs to /shopping-cart with
 * an intent; with JavaScript, fetchers keep the page and conform checks the quantity first.
 */
export function CartLineRow({
  line,
  lockVersion,
  actionError,
}: {
  line: CartLineView;
  lockVersion: number;
  actionError: CartActionError | undefined;
}) {
  const { t, i18n } = useT();
  const update = useFetcher<CartActionError>();
  const remove = useFetcher<CartActionError>();
  const [form, fields] = useForm({
    id: `update-${line.productInventoryId}`,
    lastResult: update.data?.result,
    constraint: UPDATE_CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateLineSchema }),
  });
  const clientError = fields.quantity.errors?.[0]?.replace(/^cart\.errors\./, "");
  const error =
    update.data?.error ??
    remove.data?.error ??
    clientError ??
    (actionError?.productInventoryId === line.productInventoryId && actionError.error !== "conflict" ? actionError.error : undefined);
  const removing = remove.state !== "idle";
  const { key: _key, ...quantityProps } = getInputProps(fields.quantity, { type: "number" });
  return (
    <li
      className={`flex flex-wrap items-start gap-4 py-4 ${removing ? "opacity-50" : ""}`}
      data-testid="cart-line"
      data-product-inventory-id={line.productInventoryId}
    >
      {line.photo ? (
        <CataloguePicture image={line.photo} sizes={PICTURE_SIZES.cartLine} className="h-20 w-16 object-contain" />
      ) : (
        <img src={line.imageSrc} alt="" width={32} height={64} className="h-20 w-16 object-contain" />
      )}
      <div className="min-w-48 flex-1">
        <Link to={`/products/${line.slug}?id=${line.productInventoryId}`} className="font-semibold hover:underline">
          {line.name}
          {line.vintage ? ` ${line.vintage}` : ""}
        </Link>
        <p className="text-sm text-stone-600">
          {line.providerName} · {t(channelNameKey(line.inventoryCode))}
        </p>
        <p className="text-sm">
          {line.caseCents !== null && line.byCase
            ? t("cart.line.casePrice", { count: line.uvc, price: formatMoney(line.caseCents, i18n.language) })
            : t("cart.line.unitPrice", { price: formatMoney(line.unitCents, i18n.language) })}
        </p>
        {line.overStock ? (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {t("cart.errors.stock")}
          </p>
        ) : null}
        {line.membersOnlyUntil ? (
          <p className="mt-1 text-sm text-red-700" data-testid="members-only-line">
            {t("allocations.note", { date: formatShopDay(line.membersOnlyUntil, i18n.language) })}{" "}
            <Link to="/membres" className="underline">
              {t("allocations.becomeMember")}
            </Link>
          </p>
        ) : null}
        {error ? (
          <p className="mt-1 text-sm text-red-700" role="alert" id={fields.quantity.errorId}>
            {t(`cart.errors.${error}`)}
          </p>
        ) : null}
      </div>
      <update.Form method="post" action="/shopping-cart" className="flex items-end gap-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="productInventoryId" value={line.productInventoryId} />
        <input type="hidden" name="currentQuantity" value={line.quantity} />
        <input type="hidden" name="lockVersion" value={lockVersion} />
        <label className="text-sm">
          <span className="block">{line.byCase ? t("cart.line.cases") : t("cart.line.units")}</span>
          <QuantityInput
            {...quantityProps}
            defaultValue={line.quantity}
            key={`${line.productInventoryId}-${line.quantity}`}
            aria-label={t("cart.line.quantityOf", { name: line.name })}
          />
        </label>
        <button type="submit" disabled={update.state !== "idle"} className="rounded border border-stone-300 px-3 py-1 text-sm">
          {update.state !== "idle" ? t("cart.line.updating") : t("cart.line.update")}
        </button>
      </update.Form>
      <remove.Form method="post" action="/shopping-cart">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productInventoryId" value={line.productInventoryId} />
        <input type="hidden" name="currentQuantity" value={line.quantity} />
        <input type="hidden" name="lockVersion" value={lockVersion} />
        <button
          type="submit"
          disabled={removing}
          className="rounded px-3 py-1 text-sm text-red-800 underline"
          aria-label={t("cart.line.removeName", { name: line.name })}
        >
          {t("cart.line.remove")}
        </button>
      </remove.Form>
      <div className="w-28 text-right" data-testid="line-total">
        {line.section === "RESERVED" ? (
          <span className="text-sm text-stone-600">{t("cart.line.notCharged")}</span>
        ) : (
          <span className="font-semibold">{formatMoney(line.totalCents, i18n.language)}</span>
        )}
      </div>
    </li>
  );
}
