/**
 * A producer's staff page (docs/decisions/037-staff-catalogue-editing.md): the edit form of its
 * name, description and longer bio (both languages side by side) and website, a POST that works
 * without JavaScript and carries the version it was loaded with; its photo and logo, each with an
 * upload form (alt text in both languages, the producer's name by default) that adds or replaces
 * it, and a remove button. The slug, the producer's public address, is shown, not edited.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import {
  PROVIDER_INTENTS,
  type ProviderEditForm,
  ProviderEditSchema,
  type SetProviderImageForm,
  SetProviderImageSchema,
} from "~/catalogue-editing/editing-forms";
import { BilingualField, ConflictPanel, type ConflictView, EditField } from "~/catalogue-editing/ui/edit-fields";
import { ImageFileField } from "~/catalogue-editing/ui/upload-fields";
import { FieldErrors } from "~/components/ui/form-field";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";
import type { ProviderImageRole } from "~/vocabulary";

const CONSTRAINT = getZodConstraint(ProviderEditSchema);
const IMAGE_CONSTRAINT = getZodConstraint(SetProviderImageSchema);

/** The producer as the page shows it (from the loader). */
export interface ProviderEditData {
  slug: string;
  version: number;
  productCount: number;
  values: Record<string, string>;
  images: Partial<Record<ProviderImageRole, { image: ImageRef; altFr: string; altEn: string }>>;
  lastChange: { at: string; actorEmail: string } | null;
}

/** What the action answered (400, 409), for the form it came from. */
export interface ProviderActionData {
  form: "save" | ProviderImageRole;
  result: SubmissionResult<string[]>;
  conflict?: ConflictView;
}

export function ProviderEditPage({
  provider,
  done,
  reply,
}: {
  provider: ProviderEditData;
  done: string | null;
  reply: ProviderActionData | undefined;
}) {
  const { t, i18n } = useT();
  return (
    <div>
      <p className="text-sm">
        <Link to="/agence/producteurs" className="text-wine-800 underline">
          {t("catalogueEditing.providers.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{provider.values.name}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("catalogueEditing.meta.slug")} <code>{provider.slug}</code> ·{" "}
        {t("catalogueEditing.providers.products", { count: provider.productCount })} ·{" "}
        <Link to={`/providers/${provider.slug}`} className="text-wine-800 underline">
          {t("catalogueEditing.providers.publicPage")}
        </Link>
      </p>
      {provider.lastChange ? (
        <p className="mt-1 text-sm text-stone-700">
          {t("catalogueEditing.lastChange", {
            date: formatDateTime(provider.lastChange.at, i18n.language),
            who: provider.lastChange.actorEmail,
          })}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="edit-done">
          {t(`catalogueEditing.done.${done}`)}
        </p>
      ) : null}
      <ProviderForm key={provider.version} provider={provider} reply={reply?.form === "save" ? reply : undefined} />
      <section aria-labelledby="provider-images" className="mt-10">
        <h2 id="provider-images" className="font-serif text-2xl">
          {t("catalogueEditing.providerImages.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t("catalogueEditing.providerImages.intro")}</p>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          {(["PHOTO", "LOGO"] as const).map((role) => (
            <ProviderImageForm
              key={`${role}-${provider.version}`}
              role={role}
              current={provider.images[role]}
              defaultAlt={provider.values.name ?? ""}
              reply={reply?.form === role ? reply : undefined}
            />
          ))}
        </div>
      </section>
    </div>
  );
}

function ProviderForm({ provider, reply }: { provider: ProviderEditData; reply: ProviderActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<ProviderEditForm>({
    id: "provider-edit",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: provider.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProviderEditSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="provider-edit">
      <input type="hidden" name="intent" value={PROVIDER_INTENTS.save} />
      <input type="hidden" name="version" value={reply?.conflict?.version ?? provider.version} />
      {reply?.conflict ? (
        <ConflictPanel conflict={reply.conflict} messageKey="catalogueEditing.conflict.provider" fieldKeyPrefix="catalogueEditing.fields" />
      ) : null}
      <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
      <EditField
        field={fields.name}
        label={t("catalogueEditing.fields.providerName")}
        autoComplete="organization"
        help={t("catalogueEditing.help.providerName")}
      />
      <BilingualField fr={fields.descriptionFr} en={fields.descriptionEn} label={t("catalogueEditing.fields.description")} multiline />
      <BilingualField fr={fields.bioFr} en={fields.bioEn} label={t("catalogueEditing.fields.bio")} multiline />
      <EditField
        field={fields.websiteUrl}
        label={t("catalogueEditing.fields.websiteUrl")}
        type="url"
        inputMode="url"
        autoComplete="url"
        help={t("catalogueEditing.help.websiteUrl")}
      />
      <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
        {t("catalogueEditing.save")}
      </button>
    </Form>
  );
}

function ProviderImageForm({
  role,
  current,
  defaultAlt,
  reply,
}: {
  role: ProviderImageRole;
  current: ProviderEditData["images"][ProviderImageRole];
  defaultAlt: string;
  reply: ProviderActionData | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm<SetProviderImageForm>({
    id: `provider-image-${role.toLowerCase()}`,
    lastResult: reply?.result,
    constraint: IMAGE_CONSTRAINT,
    defaultValue: { altFr: current?.altFr ?? defaultAlt, altEn: current?.altEn ?? defaultAlt },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SetProviderImageSchema }),
  });
  const text = (name: string) => t(`catalogueEditing.providerImages.${role}.${name}`);
  return (
    <div className="rounded border border-stone-200 p-4" data-testid={`provider-image-${role}`}>
      <h3 className="font-semibold">{text("title")}</h3>
      {current ? (
        <div className="mt-2 flex flex-wrap items-start gap-4">
          <div className="w-32 shrink-0">
            <CataloguePicture image={current.image} sizes="128px" className="h-auto w-32 rounded object-contain" />
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value={PROVIDER_INTENTS.removeImage} />
            <input type="hidden" name="role" value={role} />
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded border border-stone-300 px-3 py-2 text-sm text-red-800 hover:bg-wine-50"
            >
              {text("remove")}
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-2 text-sm">{t("catalogueEditing.providerImages.none")}</p>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value={PROVIDER_INTENTS.setImage} />
        <input type="hidden" name="role" value={role} />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <ImageFileField field={fields.file} label={text("file")} />
        <EditField field={fields.altFr} label={text("altFr")} lang="fr" />
        <EditField field={fields.altEn} label={text("altEn")} lang="en" />
        <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {current ? text("replace") : text("add")}
        </button>
      </Form>
    </div>
  );
}
