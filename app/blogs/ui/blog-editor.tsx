/**
 * The content desk's article editor (docs/decisions/045-content-desk-articles.md): the address,
 * type and cover, title, summary and Markdown body in French and English side by side, themes,
 * linked products and producers; "Aperçu" (a POST answering the article as its public page renders
 * it, in both languages, without saving) and "Enregistrer". For a saved article, its status and the
 * actions it allows (publish, schedule at a Montréal date and time, back to draft, unpublish).
 * Every form works without JavaScript; a stale edit shows the current values beside the staff's.
 */
import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import {
  BLOG_INTENTS,
  type BlogCoverForm,
  BlogCoverSchema,
  type BlogEditForm,
  type BlogEditInput,
  BlogEditSchema,
  type BlogStatusForm,
  type BlogStatusInput,
  BlogStatusSchema,
} from "~/blogs/blog-desk-forms";
import { allowedBlogActions } from "~/blogs/blog-status";
import type { BlogDetail } from "~/blogs/blogs.server";
import { BilingualField, ConflictPanel, type ConflictView, EditField } from "~/catalogue-editing/ui/edit-fields";
import { ImageFileField } from "~/catalogue-editing/ui/upload-fields";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import { CataloguePicture } from "~/images/ui/catalogue-picture";
import { BLOG_COVER_MOTIFS, BLOG_TYPES, type BlogStatus } from "~/vocabulary";
import { BlogArticle } from "./blog-article";

const CONSTRAINT = getZodConstraint(BlogEditSchema);
const STATUS_CONSTRAINT = getZodConstraint(BlogStatusSchema);
const COVER_CONSTRAINT = getZodConstraint(BlogCoverSchema);

/** An article as the editor shows it (from the loader); a new one has no id. */
export interface BlogEditorData {
  id: number | null;
  version: number | null;
  status: BlogStatus;
  publishAt: string | null;
  publishAtLocal: string;
  publishedAt: string | null;
  slug: string;
  /** The form's values: texts, `themes` codes, `products` and `providers` one slug a line. */
  values: Record<string, string | string[]>;
  formerSlugs: string[];
  lastChange: { at: string; actorEmail: string } | null;
  themes: { code: string; name: string }[];
  /** The cover photo (alt text in the page's language) and its alt texts; null: the generated cover. */
  cover: { image: ImageRef; altFr: string; altEn: string } | null;
}

/** A stale edit (409): the version the form now carries and the fields saved differently. */
export type BlogConflictView = ConflictView;

/** What the action answered (preview 200, refused 400, stale 409). */
export interface BlogActionData {
  form: "edit" | "status" | "cover";
  result: SubmissionResult<string[]>;
  conflict?: BlogConflictView;
  preview?: { fr: BlogDetail; en: BlogDetail };
}

const buttonClass = "min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900";
const secondaryButtonClass = "min-h-11 rounded border border-wine-800 px-4 py-2 font-semibold text-wine-800 hover:bg-wine-50";

export function BlogEditorPage({ blog, done, reply }: { blog: BlogEditorData; done: string | null; reply: BlogActionData | undefined }) {
  const { t, i18n } = useT();
  return (
    <div>
      <p className="text-sm">
        <Link to="/agence/articles" className="text-wine-800 underline">
          {t("blogDesk.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{blog.id === null ? t("blogDesk.newTitle") : String(blog.values.titleFr ?? "")}</h1>
      {blog.id !== null ? (
        <p className="mt-1 text-sm text-stone-700" data-testid="blog-status">
          {t("blogDesk.statusLine", { status: t(`blogDesk.statuses.${blog.status}`) })}
          {blog.status === "SCHEDULED" && blog.publishAt
            ? ` · ${t("blogDesk.scheduledFor", { date: formatDateTime(blog.publishAt, i18n.language) })}`
            : null}
          {blog.status === "PUBLISHED" ? (
            <>
              {" · "}
              <Link to={`/blogs/${blog.slug}`} className="text-wine-800 underline">
                {t("blogDesk.publicPage")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {blog.lastChange ? (
        <p className="mt-1 text-sm text-stone-700">
          {t("blogDesk.lastChange", { date: formatDateTime(blog.lastChange.at, i18n.language), who: blog.lastChange.actorEmail })}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="edit-done">
          {t(`blogDesk.done.${done}`)}
        </p>
      ) : null}
      {reply?.preview ? <BlogPreview preview={reply.preview} /> : null}
      {blog.id !== null && blog.version !== null ? (
        <StatusForm key={`status-${blog.version}`} blog={blog} reply={reply?.form === "status" ? reply : undefined} />
      ) : null}
      <EditForm key={`edit-${blog.version ?? 0}`} blog={blog} reply={reply?.form === "edit" ? reply : undefined} />
      {blog.id !== null ? (
        <CoverForm key={`cover-${blog.version ?? 0}`} blog={blog} reply={reply?.form === "cover" ? reply : undefined} />
      ) : null}
    </div>
  );
}

/**
 * The cover photo (decision 045): the current one with its alt texts and a button removing it, and
 * a form sending a new one (multipart; the image core checks and cleans it). Without a photo the
 * article shows its generated cover (motif and colour of the editor).
 */
function CoverForm({ blog, reply }: { blog: BlogEditorData; reply: BlogActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm<BlogCoverForm>({
    id: "blog-cover-upload",
    lastResult: reply?.result,
    constraint: COVER_CONSTRAINT,
    defaultValue: { altFr: blog.cover?.altFr ?? "", altEn: blog.cover?.altEn ?? "" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BlogCoverSchema }),
  });
  return (
    <section aria-labelledby="blog-cover-title" className="mt-10 max-w-3xl" data-testid="blog-cover">
      <h2 id="blog-cover-title" className="font-serif text-2xl">
        {t("blogDesk.cover.title")}
      </h2>
      {blog.cover ? (
        <div className="mt-4 flex flex-wrap items-start gap-4">
          <div className="w-48 shrink-0">
            <CataloguePicture
              image={blog.cover.image}
              sizes="192px"
              fit="cover"
              className="aspect-video h-auto w-48 rounded object-cover"
            />
          </div>
          <div className="text-sm">
            <p>{t("catalogueEditing.photos.altFrShown", { alt: blog.cover.altFr })}</p>
            <p>{t("catalogueEditing.photos.altEnShown", { alt: blog.cover.altEn })}</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value={BLOG_INTENTS.removeCover} />
              <button type="submit" disabled={busy} className={secondaryButtonClass}>
                {t("blogDesk.cover.remove")}
              </button>
            </Form>
          </div>
        </div>
      ) : (
        <p className="mt-2 text-sm text-stone-700">{t("blogDesk.cover.none")}</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-4 space-y-4 rounded border border-stone-200 p-4"
        data-testid="blog-cover-upload"
      >
        <input type="hidden" name="intent" value={BLOG_INTENTS.setCover} />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <ImageFileField field={fields.file} label={t("blogDesk.cover.file")} />
        <div className="grid gap-4 md:grid-cols-2">
          <EditField field={fields.altFr} label={t("catalogueEditing.photos.altFr")} lang="fr" />
          <EditField field={fields.altEn} label={t("catalogueEditing.photos.altEn")} lang="en" />
        </div>
        <button type="submit" disabled={busy} className={buttonClass}>
          {blog.cover ? t("blogDesk.cover.replace") : t("blogDesk.cover.add")}
        </button>
      </Form>
    </section>
  );
}

/** The article as its public page renders it, in French then in English. */
function BlogPreview({ preview }: { preview: { fr: BlogDetail; en: BlogDetail } }) {
  const { t } = useT();
  return (
    <section aria-labelledby="blog-preview" className="mt-6 rounded border-2 border-dashed border-stone-400 p-4" data-testid="blog-preview">
      <h2 id="blog-preview" className="font-serif text-2xl">
        {t("blogDesk.preview.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("blogDesk.preview.help")}</p>
      <div className="mt-4 grid gap-8 xl:grid-cols-2">
        <div lang="fr" data-testid="blog-preview-fr">
          <BlogArticle blog={preview.fr} previewId="preview-fr-" />
        </div>
        <div lang="en" data-testid="blog-preview-en">
          <BlogArticle blog={preview.en} previewId="preview-en-" />
        </div>
      </div>
    </section>
  );
}

function StatusForm({ blog, reply }: { blog: BlogEditorData; reply: BlogActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<BlogStatusInput, BlogStatusForm>({
    id: "blog-status",
    lastResult: reply?.result,
    constraint: STATUS_CONSTRAINT,
    defaultValue: { publishAt: blog.publishAtLocal },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BlogStatusSchema }),
  });
  const actions = allowedBlogActions(blog.status);
  const canSchedule = actions.includes("schedule");
  const publishAtHelp = `${fields.publishAt.id}-help`;
  return (
    <section aria-labelledby="blog-publication" className="mt-6 rounded border border-stone-200 p-4">
      <h2 id="blog-publication" className="font-serif text-2xl">
        {t("blogDesk.publication.title")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3" data-testid="blog-status-form">
        <input type="hidden" name="intent" value={BLOG_INTENTS.status} />
        <input type="hidden" name="version" value={reply?.conflict?.version ?? blog.version ?? ""} />
        {reply?.conflict ? (
          <ConflictPanel conflict={reply.conflict} messageKey="blogDesk.conflict.message" fieldKeyPrefix="blogDesk.conflictFields" />
        ) : null}
        <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
        {canSchedule ? (
          <div className="max-w-xs">
            <label htmlFor={fields.publishAt.id} className="block text-sm font-medium">
              {t("blogDesk.fields.publishAt")}
            </label>
            <input
              id={fields.publishAt.id}
              name={fields.publishAt.name}
              type="datetime-local"
              defaultValue={String(fields.publishAt.initialValue ?? "")}
              aria-invalid={fields.publishAt.errors?.length ? true : undefined}
              aria-describedby={[publishAtHelp, fields.publishAt.errors?.length ? fields.publishAt.errorId : null]
                .filter(Boolean)
                .join(" ")}
              autoComplete="off"
              className={inputClass}
            />
            <p id={publishAtHelp} className="mt-1 text-xs text-stone-600">
              {t("blogDesk.help.publishAt")}
            </p>
            <FieldErrors id={fields.publishAt.errorId} errors={fields.publishAt.errors} />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {actions.map((action) => (
            <button
              key={action}
              type="submit"
              name="action"
              value={action}
              disabled={busy}
              className={action === "publish" ? buttonClass : secondaryButtonClass}
            >
              {t(`blogDesk.actions.${action}`)}
            </button>
          ))}
        </div>
      </Form>
    </section>
  );
}

function EditForm({ blog, reply }: { blog: BlogEditorData; reply: BlogActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<BlogEditInput, BlogEditForm>({
    id: "blog-edit",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: blog.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BlogEditSchema }),
  });
  const chosenThemes = [fields.themes.initialValue ?? []].flat().map(String);
  const { key: _typeKey, ...typeProps } = getSelectProps(fields.type);
  const { key: _motifKey, ...motifProps } = getSelectProps(fields.coverMotif);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-4" data-testid="blog-edit">
      <h2 className="font-serif text-2xl">{t("blogDesk.editTitle")}</h2>
      {blog.version !== null ? <input type="hidden" name="version" value={reply?.conflict?.version ?? blog.version} /> : null}
      {reply?.conflict ? (
        <ConflictPanel conflict={reply.conflict} messageKey="blogDesk.conflict.message" fieldKeyPrefix="blogDesk.conflictFields" />
      ) : null}
      <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
      <div className="grid gap-4 md:grid-cols-2">
        <EditField field={fields.slug} label={t("blogDesk.fields.slug")} help={t("blogDesk.help.slug")} />
        <div>
          <label htmlFor={fields.type.id} className="block text-sm font-medium">
            {t("blogDesk.fields.type")}
          </label>
          <select {...typeProps} className={inputClass}>
            {BLOG_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`blogs.types.${type}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
        </div>
      </div>
      {blog.formerSlugs.length > 0 ? (
        <p className="text-sm text-stone-700">{t("blogDesk.formerSlugs", { slugs: blog.formerSlugs.join(", ") })}</p>
      ) : null}
      <BilingualField fr={fields.titleFr} en={fields.titleEn} label={t("blogDesk.fields.title")} />
      <BilingualField fr={fields.summaryFr} en={fields.summaryEn} label={t("blogDesk.fields.summary")} multiline />
      <BilingualField fr={fields.bodyFr} en={fields.bodyEn} label={t("blogDesk.fields.body")} multiline />
      <p className="text-xs text-stone-600">{t("blogDesk.help.body")}</p>
      <fieldset>
        <legend className="text-sm font-medium">{t("blogDesk.fields.themes")}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {blog.themes.map((theme) => (
            <label key={theme.code} className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" name={fields.themes.name} value={theme.code} defaultChecked={chosenThemes.includes(theme.code)} />
              {theme.name}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.themes.errorId} errors={fields.themes.errors} />
      </fieldset>
      <div className="grid gap-4 md:grid-cols-2">
        <EditField field={fields.products} label={t("blogDesk.fields.products")} help={t("blogDesk.help.links")} multiline />
        <EditField field={fields.providers} label={t("blogDesk.fields.providers")} help={t("blogDesk.help.links")} multiline />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={fields.coverMotif.id} className="block text-sm font-medium">
            {t("blogDesk.fields.coverMotif")}
          </label>
          <select {...motifProps} className={inputClass}>
            {BLOG_COVER_MOTIFS.map((motif) => (
              <option key={motif} value={motif}>
                {t(`blogDesk.motifs.${motif}`)}
              </option>
            ))}
          </select>
        </div>
        <EditField field={fields.coverColor} label={t("blogDesk.fields.coverColor")} help={t("blogDesk.help.coverColor")} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value={BLOG_INTENTS.preview} disabled={busy} className={secondaryButtonClass}>
          {t("blogDesk.previewButton")}
        </button>
        <button type="submit" name="intent" value={BLOG_INTENTS.save} disabled={busy} className={buttonClass}>
          {blog.id === null ? t("blogDesk.create") : t("blogDesk.save")}
        </button>
      </div>
    </Form>
  );
}
