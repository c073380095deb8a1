/**
 * A product's staff page (docs/decisions/037-staff-catalogue-editing.md): the edit form of its
 * texts (both languages side by side) and wine facts, a POST that works without JavaScript and
 * carries the version it was loaded with; the import's part (prices, stock, channels) read-only;
 * its photos. A stale edit shows who saved first, when, and the current values, with the staff's
 * own input kept in the form.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { PRODUCT_INTENTS, type ProductEditForm, ProductEditSchema, staffProviderPath } from "~/catalogue-editing/editing-forms";
import { AllocationForm } from "~/catalogue-editing/ui/allocation-form";
import { BilingualField, ConflictPanel, type ConflictView, EditField } from "~/catalogue-editing/ui/edit-fields";
import { type PhotoItem, ProductPhotos } from "~/catalogue-editing/ui/photo-list";
import { FieldErrors } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";

const CONSTRAINT = getZodConstraint(ProductEditSchema);

/** The product as the page shows it (from the loader). */
export interface ProductEditData {
  puid: string;
  slug: string;
  vintage: number | null;
  provider: { name: string; slug: string };
  version: number;
  /** The editable values as the form's default text ("" when unknown). */
  values: Record<string, string>;
  inventories: {
    inventoryCode: string;
    puid: string;
    priceCents: number;
    agencyFeeCents: number;
    quantity: number;
    availabilityStatus: string;
    liquorBoardCode: string | null;
  }[];
  photos: PhotoItem[];
  lastChange: { at: string; actorEmail: string } | null;
  /** Its allocation to members (decision 049): both days `YYYY-MM-DD`, or both null. */
  allocation: { membersOnlyFrom: string | null; membersOnlyUntil: string | null };
}

/** What the action answered (400, 409), for the form it came from. */
export interface ProductActionData {
  form: "save" | "addPhoto" | "photos" | "allocation";
  result: SubmissionResult<string[]>;
  conflict?: ConflictView;
}

export function ProductEditPage({
  product,
  done,
  reply,
}: {
  product: ProductEditData;
  /** The change just made (after its 303), for the notice. */
  done: string | null;
  reply: ProductActionData | undefined;
}) {
  const { t, i18n } = useT();
  return (
    <div>
      <p className="text-sm">
        <Link to="/agence/produits" className="text-wine-800 underline">
          {t("catalogueEditing.products.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{i18n.language.startsWith("en") ? product.values.nameEn : product.values.nameFr}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("catalogueEditing.meta.code")} <code>{product.puid}</code> · {t("catalogueEditing.meta.producer")}{" "}
        <Link to={staffProviderPath(product.provider.slug)} className="text-wine-800 underline">
          {product.provider.name}
        </Link>{" "}
        ·{" "}
        <Link to={`/products/${product.slug}`} className="text-wine-800 underline">
          {t("catalogueEditing.products.publicPage")}
        </Link>
      </p>
      {product.lastChange ? (
        <p className="mt-1 text-sm text-stone-700">
          {t("catalogueEditing.lastChange", {
            date: formatDateTime(product.lastChange.at, i18n.language),
            who: product.lastChange.actorEmail,
          })}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="edit-done">
          {t(`catalogueEditing.done.${done}`)}
        </p>
      ) : null}
      {/* Keyed on the version: after a save or a photo change the form shows the values it carries the version of. */}
      <ProductForm key={product.version} product={product} reply={reply?.form === "save" ? reply : undefined} />
      <AllocationForm
        key={`allocation-${product.version}`}
        allocation={product.allocation}
        version={product.version}
        reply={reply?.form === "allocation" ? reply : undefined}
      />
      <ImportPart inventories={product.inventories} />
      <ProductPhotos
        key={`photos-${product.version}`}
        photos={product.photos}
        defaultAlt={{ altFr: product.values.nameFr ?? "", altEn: product.values.nameEn ?? "" }}
        uploadResult={reply?.form === "addPhoto" ? reply.result : undefined}
        photosError={reply?.form === "photos" ? reply.result.error?.[""]?.[0] : undefined}
      />
    </div>
  );
}

function ProductForm({ product, reply }: { product: ProductEditData; reply: ProductActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<ProductEditForm>({
    id: "product-edit",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: product.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductEditSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6" data-testid="product-edit">
      <input type="hidden" name="intent" value={PRODUCT_INTENTS.save} />
      <input type="hidden" name="version" value={reply?.conflict?.version ?? product.version} />
      {reply?.conflict ? (
        <ConflictPanel conflict={reply.conflict} messageKey="catalogueEditing.conflict.product" fieldKeyPrefix="catalogueEditing.fields" />
      ) : null}
      <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
      <fieldset className="space-y-4">
        <legend className="font-serif text-2xl">{t("catalogueEditing.products.texts")}</legend>
        <BilingualField fr={fields.nameFr} en={fields.nameEn} label={t("catalogueEditing.fields.name")} />
        <BilingualField fr={fields.descriptionFr} en={fields.descriptionEn} label={t("catalogueEditing.fields.description")} multiline />
        <BilingualField fr={fields.tastingNotesFr} en={fields.tastingNotesEn} label={t("catalogueEditing.fields.tastingNotes")} multiline />
        <BilingualField fr={fields.foodPairingsFr} en={fields.foodPairingsEn} label={t("catalogueEditing.fields.foodPairings")} multiline />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="font-serif text-2xl">{t("catalogueEditing.products.facts")}</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <EditField
            field={fields.alcoholPercent}
            label={t("catalogueEditing.fields.alcoholPercent")}
            inputMode="decimal"
            help={t("catalogueEditing.help.alcoholPercent")}
          />
          <EditField
            field={fields.residualSugarGramsPerLitre}
            label={t("catalogueEditing.fields.residualSugarGramsPerLitre")}
            inputMode="decimal"
            help={t("catalogueEditing.help.residualSugar")}
          />
          <EditField field={fields.appellation} label={t("catalogueEditing.fields.appellation")} />
          <EditField
            field={fields.designation}
            label={t("catalogueEditing.fields.designation")}
            help={t("catalogueEditing.help.designation")}
          />
          <EditField
            field={fields.servingTemperatureMinC}
            label={t("catalogueEditing.fields.servingTemperatureMinC")}
            inputMode="numeric"
          />
          <EditField
            field={fields.servingTemperatureMaxC}
            label={t("catalogueEditing.fields.servingTemperatureMaxC")}
            inputMode="numeric"
          />
          <EditField field={fields.ageingPotentialYears} label={t("catalogueEditing.fields.ageingPotentialYears")} inputMode="numeric" />
          <EditField field={fields.saqCode} label={t("catalogueEditing.fields.saqCode")} inputMode="numeric" />
          <EditField field={fields.lcboCode} label={t("catalogueEditing.fields.lcboCode")} inputMode="numeric" />
        </div>
        <EditField field={fields.grapes} label={t("catalogueEditing.fields.grapes")} help={t("catalogueEditing.help.grapes")} />
      </fieldset>
      <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
        {t("catalogueEditing.save")}
      </button>
    </Form>
  );
}

/** The catalogue import's part of the product: read here, changed by the import only. */
function ImportPart({ inventories }: { inventories: ProductEditData["inventories"] }) {
  const { t, i18n } = useT();
  return (
    // Not a landmark of its own: the table's scroll region already carries this name.
    <section className="mt-10">
      <h2 className="font-serif text-2xl">{t("catalogueEditing.products.importPart")}</h2>
      <p className="mt-1 text-sm text-stone-700">{t("catalogueEditing.products.importPartHelp")}</p>
      <TableScroll label={t("catalogueEditing.products.importPart")} className="mt-2">
        <table className="w-full text-left text-sm" data-testid="import-part">
          <caption className="sr-only">{t("catalogueEditing.products.importPart")}</caption>
          <thead className="border-b border-stone-300 text-stone-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("catalogueEditing.inventory.channel")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("catalogueEditing.inventory.code")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("catalogueEditing.inventory.price")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("catalogueEditing.inventory.agencyFee")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("catalogueEditing.inventory.quantity")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("catalogueEditing.inventory.status")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("catalogueEditing.inventory.boardCode")}
              </th>
            </tr>
          </thead>
          <tbody>
            {inventories.map((inv) => (
              <tr key={inv.puid} className="border-b border-stone-100">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {inv.inventoryCode}
                </th>
                <td className="py-2 pr-3">
                  <code>{inv.puid}</code>
                </td>
                <td className="py-2 pr-3">{formatMoney(inv.priceCents, i18n.language)}</td>
                <td className="py-2 pr-3">{formatMoney(inv.agencyFeeCents, i18n.language)}</td>
                <td className="py-2 pr-3">{inv.quantity}</td>
                <td className="py-2 pr-3">{t(`availability.${inv.availabilityStatus}`, { defaultValue: inv.availabilityStatus })}</td>
                <td className="py-2">{inv.liquorBoardCode ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
