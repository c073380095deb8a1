/**
 * What the content desk's article pages load and how they answer a POST
 * (docs/decisions/045-content-desk-articles.md), shared by `/agence/articles/nouveau` and
 * `/agence/articles/:id` so both routes stay thin: the editor's data, and each form's answer — a
 * 303 after a change, 200 with the preview, 400 with the field errors and values kept, 409 with
 * the current values beside the staff's own when someone saved first.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { StaffUser } from "~/agency/staff.server";
import { cleanUploadedPhoto } from "~/catalogue-editing/photo-upload.server";
import type { ShopContext } from "~/context";
import {
  BLOG_VALUE_FIELDS,
  blogPreviewBaseOf,
  type BlogValues,
  blogValuesOf,
  changeBlogStatus,
  createBlog,
  previewBlog,
  readStaffBlog,
  saveBlog,
  setBlogCover,
} from "./blog-desk.server";
import { BLOG_INTENTS, BlogCoverSchema, blogDeskPath, BlogEditSchema, BlogRemoveCoverSchema, BlogStatusSchema } from "./blog-desk-forms";
import { shopLocalToInstant } from "./blog-status";
import { blogCoverOf, listBlogThemes } from "./blogs.server";
import type { BlogActionData, BlogConflictView, BlogEditorData } from "./ui/blog-editor";

/** The new article's starting values. */
const NEW_BLOG_VALUES: Record<string, string | string[]> = { type: "ARTICLE", coverColor: "#7a2e3b", coverMotif: "grapes", themes: [] };

/** The `?done=` messages the editor shows after a 303. */
const DONE = ["created", "saved", "publish", "schedule", "unschedule", "unpublish", "coverSet", "coverRemoved"] as const;

/** The values as the form holds them: lists of slugs one a line. */
function formValues(values: BlogValues): Record<string, string | string[]> {
  return { ...values, products: values.products.join("\n"), providers: values.providers.join("\n") };
}

/**
 * The editor's data: the saved article (`blogId`), or a new one (null).
 * @returns null when `blogId` names no article (the route answers 404)
 */
export async function loadBlogEditor(
  shop: ShopContext,
  blogId: number | null,
  url: URL,
): Promise<{ title: string; blog: BlogEditorData; done: string | null } | null> {
  const themes = await listBlogThemes(shop.db, shop.locale);
  const done = DONE.find((d) => d === url.searchParams.get("done")) ?? null;
  if (blogId === null) {
    return {
      title: shop.t("blogDesk.newTitle"),
      done,
      blog: {
        id: null,
        version: null,
        status: "DRAFT",
        publishAt: null,
        publishAtLocal: "",
        publishedAt: null,
        slug: "",
        values: NEW_BLOG_VALUES,
        formerSlugs: [],
        lastChange: null,
        themes,
        cover: null,
      },
    };
  }
  const found = await readStaffBlog(shop.db, blogId);
  if (!found) return null;
  const { cover, ...blog } = found;
  const image = blogCoverOf(cover, shop.locale);
  return {
    title: shop.t("blogDesk.editPageTitle", { title: blog.values.titleFr }),
    done,
    blog: {
      ...blog,
      slug: blog.values.slug,
      values: formValues(blog.values),
      themes,
      cover: image ? { image, altFr: cover.coverAltFr, altEn: cover.coverAltEn } : null,
    },
  };
}

/** A value as the conflict panel prints it. */
function asText(value: string | string[]): string {
  return Array.isArray(value) ? [...value].sort().join("\n") : value;
}

function conflictOf(current: BlogValues, yours: BlogValues, version: number, lastChange: BlogConflictView["lastChange"]): BlogConflictView {
  return {
    version,
    lastChange,
    differences: BLOG_VALUE_FIELDS.filter((f) => asText(current[f]) !== asText(yours[f])).map((field) => ({
      field,
      current: asText(current[field]),
      yours: asText(yours[field]),
    })),
  };
}

/**
 * Answers a POST of the editor pages (the route checked the staff user first).
 * @param blogId the article, or null on the new-article page (where only the editor posts)
 * @returns the action's data (preview 200, 400, 409)
 * @throws a 303 redirect after a change; a 404 when the article is gone
 */
export async function answerBlogEditorPost(
  shop: ShopContext,
  staff: Pick<StaffUser, "id" | "email">,
  blogId: number | null,
  formData: FormData,
) {
  const intent = formData.get("intent");
  if (blogId !== null && intent === BLOG_INTENTS.setCover) {
    const submission = parseWithZod(formData, { schema: BlogCoverSchema });
    const answer = (result: BlogActionData["result"]) => data<BlogActionData>({ form: "cover", result }, { status: 400 });
    if (submission.status !== "success") return answer(submission.reply({ hideFields: ["file"] }));
    const { file, altFr, altEn } = submission.value;
    const cleaned = await cleanUploadedPhoto(file);
    if (!cleaned.ok) return answer(submission.reply({ fieldErrors: { file: [cleaned.errorKey] }, hideFields: ["file"] }));
    const outcome = await setBlogCover(shop.db, staff, blogId, { image: cleaned.image, altFr, altEn });
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    throw redirect(`${blogDeskPath(blogId)}?done=coverSet`, { status: 303 });
  }
  if (blogId !== null && intent === BLOG_INTENTS.removeCover) {
    const submission = parseWithZod(formData, { schema: BlogRemoveCoverSchema });
    if (submission.status !== "success") return data<BlogActionData>({ form: "cover", result: submission.reply() }, { status: 400 });
    const outcome = await setBlogCover(shop.db, staff, blogId, null);
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    throw redirect(`${blogDeskPath(blogId)}?done=coverRemoved`, { status: 303 });
  }
  if (blogId !== null && intent === BLOG_INTENTS.status) {
    const submission = parseWithZod(formData, { schema: BlogStatusSchema });
    if (submission.status !== "success") return data<BlogActionData>({ form: "status", result: submission.reply() }, { status: 400 });
    const { version, action, publishAt } = submission.value;
    const at = action === "schedule" && publishAt ? shopLocalToInstant(publishAt) : null;
    const outcome = await changeBlogStatus(shop.db, staff, blogId, version, action, at);
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    if (outcome.kind === "changed") throw redirect(`${blogDeskPath(blogId)}?done=${action}`, { status: 303 });
    if (outcome.kind === "notAllowed") {
      return data<BlogActionData>(
        { form: "status", result: submission.reply({ formErrors: ["blogDesk.errors.statusNotAllowed"] }) },
        { status: 409 },
      );
    }
    return data<BlogActionData>(
      {
        form: "status",
        result: submission.reply({ formErrors: ["blogDesk.errors.stale"] }),
        conflict: { version: outcome.current.version, lastChange: outcome.current.lastChange, differences: [] },
      },
      { status: 409 },
    );
  }

  const submission = parseWithZod(formData, { schema: BlogEditSchema });
  if (submission.status !== "success") return data<BlogActionData>({ form: "edit", result: submission.reply() }, { status: 400 });
  const values = blogValuesOf(submission.value);

  if (submission.value.intent === BLOG_INTENTS.preview) {
    const saved = blogId === null ? undefined : ((await blogPreviewBaseOf(shop.db, blogId)) ?? undefined);
    const [fr, en] = await Promise.all([previewBlog(shop.db, values, "fr-CA", saved), previewBlog(shop.db, values, "en-US", saved)]);
    return data<BlogActionData>({ form: "edit", result: submission.reply(), preview: { fr, en } }, { status: 200 });
  }

  if (blogId === null) {
    const outcome = await createBlog(shop.db, staff, values);
    if (outcome.kind === "saved") throw redirect(`${blogDeskPath(outcome.id)}?done=created`, { status: 303 });
    if (outcome.kind === "invalid") {
      return data<BlogActionData>(
        { form: "edit", result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.fieldErrors) }) },
        { status: 400 },
      );
    }
    throw data(null, { status: 404 });
  }
  if (submission.value.version === undefined) {
    return data<BlogActionData>({ form: "edit", result: submission.reply({ formErrors: ["blogDesk.errors.stale"] }) }, { status: 400 });
  }
  const outcome = await saveBlog(shop.db, staff, blogId, submission.value.version, values);
  if (outcome.kind === "notFound") throw data(null, { status: 404 });
  if (outcome.kind === "saved") throw redirect(`${blogDeskPath(blogId)}?done=saved`, { status: 303 });
  if (outcome.kind === "invalid") {
    return data<BlogActionData>(
      { form: "edit", result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.fieldErrors) }) },
      { status: 400 },
    );
  }
  const { current } = outcome;
  return data<BlogActionData>(
    {
      form: "edit",
      result: submission.reply({ formErrors: ["blogDesk.errors.stale"] }),
      conflict: conflictOf(current.values, values, current.version, current.lastChange),
    },
    { status: 409 },
  );
}

function fieldErrorsOf(errors: Partial<Record<string, string>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, key]) => (key ? [[field, [key]]] : [])));
}
