/**
 * The staff's pages of the content pages (docs/decisions/046-content-page-revisions.md): the list
 * (page, current revision, last edit by whom and when) and a page's editor — French and English
 * Markdown side by side in textareas, a preview rendered by the server (a POST, so it works without
 * JavaScript), the save, and the history of revisions, each older one with "Restaurer cette
 * version". A stale save shows the current text above the staff's own, which stays in the form.
 */
import { type FieldMetadata, getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { PROSE } from "~/components/ui/prose";
import { TableScroll } from "~/components/ui/table-scroll";
import { PAGE_INTENTS, type PageEditForm, PageEditSchema, staffPagePath } from "~/content/page-editing-forms";
import type { ContentPage } from "~/content/page-types";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { ContentPageSlug } from "~/vocabulary";

const CONSTRAINT = getZodConstraint(PageEditSchema);

const BUTTON = "min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900";
const SECONDARY_BUTTON = "min-h-11 rounded border border-stone-400 px-4 py-2 font-semibold text-wine-800 hover:bg-wine-50";

/** One page of the list (from the loader). */
export interface PageListRow {
  slug: ContentPageSlug;
  title: string;
  currentRevision: number;
  lastEdit: { actorEmail: string | null; at: string };
}

/** The list of content pages. */
export function ContentPageList({ title, rows }: { title: string; rows: PageListRow[] }) {
  const { t, i18n } = useT();
  return (
    <div>
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{t("pageEditing.intro")}</p>
      <TableScroll label={title} className="mt-6">
        <table className="w-full text-left text-sm" data-testid="content-pages">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4">
                {t("pageEditing.columns.page")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("pageEditing.columns.address")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("pageEditing.columns.revision")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("pageEditing.columns.lastEdit")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.slug} className="border-b border-stone-200">
                <td className="py-2 pr-4">
                  <Link to={staffPagePath(row.slug)} className="text-wine-800 underline">
                    {row.title}
                  </Link>
                </td>
                <td className="py-2 pr-4">
                  <code>/{row.slug}</code>
                </td>
                <td className="py-2 pr-4">{row.currentRevision}</td>
                <td className="py-2 pr-4">
                  {t("pageEditing.editedBy", {
                    date: formatDateTime(row.lastEdit.at, i18n.language),
                    who: row.lastEdit.actorEmail ?? t("pageEditing.fromFiles"),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

/** A page's editor as the loader gives it. */
export interface EditablePageData {
  slug: ContentPageSlug;
  title: string;
  currentRevision: number;
  sourceFr: string;
  sourceEn: string;
  revisions: { revision: number; actorEmail: string | null; createdAt: string; restoredFrom: number | null }[];
}

/** What the action answered: a refused form (400), a preview (200) or a stale save or restore (409). */
export interface PageActionData {
  form: "edit" | "restore";
  result: SubmissionResult<string[]>;
  preview?: { fr: ContentPage; en: ContentPage };
  conflict?: { revision: number; sourceFr: string; sourceEn: string; actorEmail: string | null; createdAt: string };
}

/** A page's editor: the form, the preview when asked, the history. */
export function ContentPageEditor({
  page,
  done,
  reply,
}: {
  page: EditablePageData;
  done: string | null;
  reply: PageActionData | undefined;
}) {
  const { t } = useT();
  return (
    <div>
      <p className="text-sm">
        <Link to="/agence/pages" className="text-wine-800 underline">
          {t("pageEditing.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{page.title}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("pageEditing.currentRevision", { revision: page.currentRevision })} ·{" "}
        <Link to={`/${page.slug}`} className="text-wine-800 underline">
          {t("pageEditing.publicPage")}
        </Link>{" "}
        · {t("pageEditing.formatHelp")}
      </p>
      {done ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="page-done">
          {t(`pageEditing.done.${done}`)}
        </p>
      ) : null}
      {reply?.form === "restore" && reply.conflict ? <ConflictPanel conflict={reply.conflict} /> : null}
      {reply?.form === "restore" && !reply.conflict ? <FieldErrors errors={reply.result.error?.[""] ?? undefined} /> : null}
      <EditForm key={page.currentRevision} page={page} reply={reply?.form === "edit" ? reply : undefined} />
      {reply?.preview ? <Preview preview={reply.preview} /> : null}
      <History page={page} />
    </div>
  );
}

function EditForm({ page, reply }: { page: EditablePageData; reply: PageActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<PageEditForm>({
    id: "page-edit",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: { sourceFr: page.sourceFr, sourceEn: page.sourceEn },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PageEditSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="page-edit">
      <input type="hidden" name="baseRevision" value={reply?.conflict?.revision ?? page.currentRevision} />
      {reply?.conflict ? <ConflictPanel conflict={reply.conflict} /> : null}
      <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SourceField field={fields.sourceFr} label={t("pageEditing.sourceFr")} lang="fr" />
        <SourceField field={fields.sourceEn} label={t("pageEditing.sourceEn")} lang="en" />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value={PAGE_INTENTS.preview} disabled={busy} className={SECONDARY_BUTTON}>
          {t("pageEditing.preview")}
        </button>
        <button type="submit" name="intent" value={PAGE_INTENTS.save} disabled={busy} className={BUTTON}>
          {t("pageEditing.save")}
        </button>
      </div>
    </Form>
  );
}

function SourceField({ field, label, lang }: { field: FieldMetadata<string | undefined>; label: string; lang: string }) {
  const { key: _key, ...props } = getTextareaProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        {...props}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        lang={lang}
        rows={24}
        spellCheck
        autoComplete="off"
        className={`${inputClass} font-mono text-sm`}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The current text someone saved first, beside which the staff's own input stays in the form. */
function ConflictPanel({ conflict }: { conflict: NonNullable<PageActionData["conflict"]> }) {
  const { t, i18n } = useT();
  return (
    <section aria-labelledby="page-conflict" className="mt-4 rounded border border-amber-400 bg-amber-50 p-4" data-testid="page-conflict">
      <h2 id="page-conflict" className="font-semibold">
        {t("pageEditing.conflict.title")}
      </h2>
      <p role="alert" className="mt-1 text-sm">
        {t("pageEditing.conflict.text", {
          revision: conflict.revision,
          who: conflict.actorEmail ?? t("pageEditing.fromFiles"),
          date: formatDateTime(conflict.createdAt, i18n.language),
        })}
      </p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {(["sourceFr", "sourceEn"] as const).map((field) => (
          <div key={field}>
            <h3 id={`page-conflict-${field}`} className="text-sm font-medium">
              {t(`pageEditing.conflict.${field}`)}
            </h3>
            <pre
              role="region"
              aria-labelledby={`page-conflict-${field}`}
              // A scrollable box a keyboard can reach (WCAG 2.1.1).
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container must take the focus
              tabIndex={0}
              lang={field === "sourceFr" ? "fr" : "en"}
              className="mt-1 max-h-96 overflow-auto rounded border border-stone-300 bg-white p-2 text-xs whitespace-pre-wrap"
              data-testid={`page-conflict-${field}`}
            >
              {conflict[field]}
            </pre>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The preview of both languages, rendered and sanitized by the server as the public page is. */
function Preview({ preview }: { preview: NonNullable<PageActionData["preview"]> }) {
  const { t } = useT();
  return (
    <section aria-labelledby="page-preview" className="mt-10" data-testid="page-preview">
      <h2 id="page-preview" className="font-serif text-2xl">
        {t("pageEditing.previewTitle")}
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <PreviewPage page={preview.fr} lang="fr" />
        <PreviewPage page={preview.en} lang="en" />
      </div>
    </section>
  );
}

function PreviewPage({ page, lang }: { page: ContentPage; lang: "fr" | "en" }) {
  return (
    <article lang={lang} className="rounded border border-stone-200 p-4" data-testid={`page-preview-${lang}`}>
      <h3 className="font-serif text-2xl">{page.title}</h3>
      <Html html={page.introHtml} />
      {page.tabs.map((tab) => (
        <section key={tab.id} className="mt-6">
          <h4 className="font-serif text-xl">{tab.label}</h4>
          <Html html={tab.introHtml} />
          {tab.entries.map((entry, i) => (
            <div key={i} className="mt-3">
              <p className="font-semibold" dangerouslySetInnerHTML={{ __html: entry.titleHtml }} />
              <Html html={entry.html} />
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}

function Html({ html }: { html: string }) {
  if (!html) return null;
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Every revision, newest first; each one not shown now can be restored. */
function History({ page }: { page: EditablePageData }) {
  const { t, i18n } = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="page-history" className="mt-10">
      <h2 id="page-history" className="font-serif text-2xl">
        {t("pageEditing.history")}
      </h2>
      <ol className="mt-4 divide-y divide-stone-200 border-y border-stone-200" data-testid="page-history">
        {page.revisions.map((rev) => (
          <li
            key={rev.revision}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid={`revision-${rev.revision}`}
          >
            <div>
              <p className="font-medium">
                {t("pageEditing.revision", { revision: rev.revision })}
                {rev.revision === page.currentRevision ? ` · ${t("pageEditing.current")}` : ""}
              </p>
              <p className="text-sm text-stone-700">
                {t("pageEditing.editedBy", {
                  date: formatDateTime(rev.createdAt, i18n.language),
                  who: rev.actorEmail ?? t("pageEditing.fromFiles"),
                })}
                {rev.restoredFrom === null ? "" : ` · ${t("pageEditing.restoredFrom", { revision: rev.restoredFrom })}`}
              </p>
            </div>
            {rev.revision === page.currentRevision ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value={PAGE_INTENTS.restore} />
                <input type="hidden" name="revision" value={rev.revision} />
                <input type="hidden" name="baseRevision" value={page.currentRevision} />
                <button type="submit" disabled={busy} className={SECONDARY_BUTTON}>
                  {t("pageEditing.restore")}
                  <span className="sr-only"> ({t("pageEditing.revision", { revision: rev.revision })})</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
