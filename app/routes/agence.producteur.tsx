/**
 * /agence/producteurs/:slug (docs/decisions/037-staff-catalogue-editing.md): one producer for the
 * agency — its name, description, longer bio and website to edit, its photo and logo. Staff only
 * (404 otherwise, loader and action); rate-limited; never cached.
 *
 * POST forms, each with its `intent`:
 * - `save`: the texts and website with the version the form was loaded with → 303 here
 *   (`?done=saved`); invalid (a website that is not an absolute http(s) address…) → 400 with the
 *   field errors and values kept; someone saved first → 409 with the current values beside the
 *   staff's own input, nothing written.
 * - `setImage` (multipart; `role` PHOTO or LOGO): adds or replaces the photo or logo → 303; a
 *   refused file → 400 with its message, nothing stored.
 * - `removeImage` (`role`): removes it → 303; none there → 409.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { conflictView } from "~/catalogue-editing/conflict";
import {
  PROVIDER_INTENTS,
  ProviderEditSchema,
  RemoveProviderImageSchema,
  SetProviderImageSchema,
  staffProviderPath,
} from "~/catalogue-editing/editing-forms";
import { cleanUploadedPhoto } from "~/catalogue-editing/photo-upload.server";
import {
  EDITABLE_PROVIDER_FIELDS,
  editableProviderOf,
  providerIdOf,
  readStaffProvider,
  removeProviderImageOf,
  saveProviderEdit,
  setProviderImageUpload,
} from "~/catalogue-editing/provider-editing.server";
import { type ProviderActionData, ProviderEditPage } from "~/catalogue-editing/ui/provider-edit-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { toImageRef } from "~/images/images.server";
import { localized } from "~/lib/localized";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { isOneOf, PROVIDER_IMAGE_ROLES } from "~/vocabulary";
import type { Route } from "./+types/agence.producteur";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

const DONE = ["saved", "photoAdded", "photosChanged"] as const;

/** A refused image removal (409) reloads the images; a stale text edit keeps the staff's input. */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409 && formData?.get("intent") === PROVIDER_INTENTS.removeImage) return true;
  return defaultShouldRevalidate;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const provider = await readStaffProvider(shop.db, params.slug);
  if (!provider) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  const { id: _id, images, values, ...rest } = provider;
  return {
    title: shop.t("catalogueEditing.providers.editTitle", { name: values.name }),
    done: DONE.find((d) => d === done) ?? null,
    provider: {
      ...rest,
      values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ""])),
      images: Object.fromEntries(
        Object.entries(images).map(([role, entry]) => [
          role,
          { image: toImageRef(entry.image, localized(shop.locale, entry.altFr, entry.altEn)), altFr: entry.altFr, altEn: entry.altEn },
        ]),
      ),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const providerId = await providerIdOf(shop.db, params.slug);
  if (providerId === null) throw data(null, { status: 404 });
  const here = staffProviderPath(params.slug);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === PROVIDER_INTENTS.setImage) {
    const posted = formData.get("role");
    const role = isOneOf(PROVIDER_IMAGE_ROLES, posted) ? posted : "PHOTO";
    const submission = parseWithZod(formData, { schema: SetProviderImageSchema });
    const answer = (result: ProviderActionData["result"], status: number) => data<ProviderActionData>({ form: role, result }, { status });
    if (submission.status !== "success") return answer(submission.reply({ hideFields: ["file"] }), 400);
    const { file, altFr, altEn } = submission.value;
    const cleaned = await cleanUploadedPhoto(file);
    if (!cleaned.ok) return answer(submission.reply({ fieldErrors: { file: [cleaned.errorKey] }, hideFields: ["file"] }), 400);
    if (!(await setProviderImageUpload(shop.db, staff, providerId, submission.value.role, cleaned.image, { altFr, altEn }))) {
      throw data(null, { status: 404 });
    }
    throw redirect(`${here}?done=photoAdded`, { status: 303 });
  }

  if (intent === PROVIDER_INTENTS.removeImage) {
    const submission = parseWithZod(formData, { schema: RemoveProviderImageSchema });
    if (submission.status !== "success") return data<ProviderActionData>({ form: "PHOTO", result: submission.reply() }, { status: 400 });
    const outcome = await removeProviderImageOf(shop.db, staff, providerId, submission.value.role);
    if (outcome === "notFound") {
      return data<ProviderActionData>(
        { form: submission.value.role, result: submission.reply({ formErrors: ["catalogueEditing.errors.photoGone"] }) },
        { status: 409 },
      );
    }
    throw redirect(`${here}?done=photosChanged`, { status: 303 });
  }

  const submission = parseWithZod(formData, { schema: ProviderEditSchema });
  if (submission.status !== "success") return data<ProviderActionData>({ form: "save", result: submission.reply() }, { status: 400 });
  const values = editableProviderOf(submission.value);
  const outcome = await saveProviderEdit(shop.db, staff, providerId, submission.value.version, values);
  if (outcome.kind === "notFound") throw data(null, { status: 404 });
  if (outcome.kind === "saved") throw redirect(`${here}?done=saved`, { status: 303 });
  const { current } = outcome;
  return data<ProviderActionData>(
    {
      form: "save",
      result: submission.reply({ formErrors: ["catalogueEditing.errors.staleProvider"] }),
      conflict: conflictView(current.values, values, EDITABLE_PROVIDER_FIELDS, current.version, current.lastChange),
    },
    { status: 409 },
  );
}

export default function AgencyProvider({ loaderData, actionData }: Route.ComponentProps) {
  return <ProviderEditPage provider={loaderData.provider} done={loaderData.done} reply={actionData} />;
}
