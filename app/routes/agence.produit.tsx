/**
 * /agence/produits/:puid (docs/decisions/037-staff-catalogue-editing.md): one product for the
 * agency — its texts and wine facts to edit, the import's part read-only, its photos. Staff only
 * (404 otherwise, loader and action); rate-limited; never cached.
 *
 * POST forms, each with its `intent`:
 * - `save`: the texts and facts with the version the form was loaded with → 303 here
 *   (`?done=saved`); invalid → 400 with the field errors and values kept; someone saved first →
 *   409 with the current values beside the staff's own input (kept), nothing written.
 * - `addPhoto` (multipart): one photo with its alt text in both languages → 303; a refused file
 *   (not an image, too large, too many pixels, corrupt) → 400 with its message, nothing stored.
 * - `movePhoto`, `mainPhoto`, `removePhoto`: one photo by its image id → 303; a photo no longer
 *   there → 409 and the current photos.
 * - `allocation`: the days only members may add it to a cart, with the version
 *   (docs/decisions/049-member-tastings-and-allocations.md) → 303 (`?done=allocationSaved`);
 *   invalid → 400; someone saved first → 409 with the current days, nothing written.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import {
  ALLOCATION_FIELDS,
  allocationOf,
  readProductAllocation,
  saveProductAllocation,
} from "~/catalogue-editing/allocation-editing.server";
import { conflictView } from "~/catalogue-editing/conflict";
import {
  AddPhotoSchema,
  AllocationSchema,
  MainPhotoSchema,
  MovePhotoSchema,
  PRODUCT_INTENTS,
  ProductEditSchema,
  RemovePhotoSchema,
  staffProductPath,
} from "~/catalogue-editing/editing-forms";
import { cleanUploadedPhoto } from "~/catalogue-editing/photo-upload.server";
import {
  addProductPhotoUpload,
  changeProductPhotos,
  checkEditedGrapes,
  EDITABLE_PRODUCT_FIELDS,
  editableProductOf,
  type PhotoChange,
  productIdOf,
  readStaffProduct,
  saveProductEdit,
} from "~/catalogue-editing/product-editing.server";
import { type ProductActionData, ProductEditPage } from "~/catalogue-editing/ui/product-edit-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { toImageRef } from "~/images/images.server";
import { localized } from "~/lib/localized";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.produit";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

/** The notices after a change (`?done=`). */
const DONE = ["saved", "photoAdded", "photosChanged", "allocationSaved"] as const;
const PHOTO_INTENTS: readonly string[] = [
  PRODUCT_INTENTS.addPhoto,
  PRODUCT_INTENTS.movePhoto,
  PRODUCT_INTENTS.mainPhoto,
  PRODUCT_INTENTS.removePhoto,
];

/**
 * A refused photo action (409) reloads the photos; a stale text edit (409) does not reload the
 * page, so the staff's input stays in the form beside the current values.
 */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (actionStatus === 409 && typeof intent === "string" && PHOTO_INTENTS.includes(intent)) return true;
  return defaultShouldRevalidate;
}

/** A stored value as the form's text: nothing is "", a decimal is written with the page's separator ("13,5" in French). */
function formText(value: string | number | null, locale: string): string {
  if (value === null) return "";
  return typeof value === "number" && locale.startsWith("fr") ? String(value).replace(".", ",") : String(value);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const product = await readStaffProduct(shop.db, params.puid);
  if (!product) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  const allocation = (await readProductAllocation(shop.db, product.id)) ?? { membersOnlyFrom: null, membersOnlyUntil: null };
  const { id: _id, photos, values, ...rest } = product;
  return {
    title: shop.t("catalogueEditing.products.editTitle", { name: localized(shop.locale, values.nameFr, values.nameEn) }),
    done: DONE.find((d) => d === done) ?? null,
    product: {
      ...rest,
      allocation,
      values: Object.fromEntries(EDITABLE_PRODUCT_FIELDS.map((field) => [field, formText(values[field], shop.locale)])),
      photos: photos.map((p) => ({
        imageId: p.image.id,
        image: toImageRef(p.image, localized(shop.locale, p.altFr, p.altEn)),
        altFr: p.altFr,
        altEn: p.altEn,
      })),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const productId = await productIdOf(shop.db, params.puid);
  if (productId === null) throw data(null, { status: 404 });
  const here = staffProductPath(params.puid);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === PRODUCT_INTENTS.addPhoto) {
    const submission = parseWithZod(formData, { schema: AddPhotoSchema });
    const answer = (result: ProductActionData["result"], status: number) =>
      data<ProductActionData>({ form: "addPhoto", result }, { status });
    if (submission.status !== "success") return answer(submission.reply({ hideFields: ["file"] }), 400);
    const { file, altFr, altEn } = submission.value;
    const cleaned = await cleanUploadedPhoto(file);
    if (!cleaned.ok) return answer(submission.reply({ fieldErrors: { file: [cleaned.errorKey] }, hideFields: ["file"] }), 400);
    if (!(await addProductPhotoUpload(shop.db, staff, productId, cleaned.image, { altFr, altEn }))) throw data(null, { status: 404 });
    throw redirect(`${here}?done=photoAdded`, { status: 303 });
  }

  if (intent === PRODUCT_INTENTS.movePhoto || intent === PRODUCT_INTENTS.mainPhoto || intent === PRODUCT_INTENTS.removePhoto) {
    const schema =
      intent === PRODUCT_INTENTS.movePhoto ? MovePhotoSchema : intent === PRODUCT_INTENTS.mainPhoto ? MainPhotoSchema : RemovePhotoSchema;
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return data<ProductActionData>({ form: "photos", result: submission.reply() }, { status: 400 });
    const value = submission.value;
    const change: PhotoChange =
      value.intent === PRODUCT_INTENTS.movePhoto
        ? { kind: "move", imageId: value.imageId, direction: value.direction }
        : { kind: value.intent === PRODUCT_INTENTS.mainPhoto ? "main" : "remove", imageId: value.imageId };
    const outcome = await changeProductPhotos(shop.db, staff, productId, change);
    if (outcome === "notFound") {
      return data<ProductActionData>(
        { form: "photos", result: submission.reply({ formErrors: ["catalogueEditing.errors.photoGone"] }) },
        { status: 409 },
      );
    }
    throw redirect(`${here}?done=photosChanged`, { status: 303 });
  }

  if (intent === PRODUCT_INTENTS.allocation) {
    const submission = parseWithZod(formData, { schema: AllocationSchema });
    if (submission.status !== "success")
      return data<ProductActionData>({ form: "allocation", result: submission.reply() }, { status: 400 });
    const values = allocationOf(submission.value);
    const outcome = await saveProductAllocation(shop.db, staff, productId, submission.value.version, values);
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    if (outcome.kind === "saved") throw redirect(`${here}?done=allocationSaved`, { status: 303 });
    const { current } = outcome;
    return data<ProductActionData>(
      {
        form: "allocation",
        result: submission.reply({ formErrors: ["catalogueEditing.errors.staleProduct"] }),
        conflict: conflictView(current.values, values, ALLOCATION_FIELDS, current.version, current.lastChange),
      },
      { status: 409 },
    );
  }

  const submission = parseWithZod(formData, { schema: ProductEditSchema });
  if (submission.status !== "success") return data<ProductActionData>({ form: "save", result: submission.reply() }, { status: 400 });
  const grapes = await checkEditedGrapes(shop.db, submission.value.grapes ?? "");
  if (!grapes.ok) {
    return data<ProductActionData>(
      { form: "save", result: submission.reply({ fieldErrors: { grapes: [grapes.errorKey] } }) },
      { status: 400 },
    );
  }
  const values = { ...editableProductOf(submission.value), grapes: grapes.grapes };
  const outcome = await saveProductEdit(shop.db, staff, productId, submission.value.version, values);
  if (outcome.kind === "notFound") throw data(null, { status: 404 });
  if (outcome.kind === "saved") throw redirect(`${here}?done=saved`, { status: 303 });
  const { current } = outcome;
  return data<ProductActionData>(
    {
      form: "save",
      result: submission.reply({ formErrors: ["catalogueEditing.errors.staleProduct"] }),
      conflict: conflictView(current.values, values, EDITABLE_PRODUCT_FIELDS, current.version, current.lastChange),
    },
    { status: 409 },
  );
}

export default function AgencyProduct({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductEditPage product={loaderData.product} done={loaderData.done} reply={actionData} />;
}
