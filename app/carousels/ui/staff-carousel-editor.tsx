/**
 * The editor of one carousel (docs/decisions/047-carousels.md): its items in order, each with
 * buttons to move it up or down and to remove it, and its start and end (Montreal time); a form to
 * add a product, producer or article by its slug or name (several names matching: each offered as
 * a button). Every form is a POST that works without JavaScript and carries the version the page was
 * loaded with; a change made on an older version is refused (409) and the page shows the current
 * state.
 */
import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import {
  type AddCarouselItemForm,
  AddCarouselItemSchema,
  CAROUSEL_INTENTS,
  type CarouselItemDatesForm,
  CarouselItemDatesSchema,
} from "~/carousels/carousel-forms";
import { instantToShopLocal, STAFF_CAROUSELS_PATH } from "~/carousels/carousel-groups";
import type { CarouselTarget, StaffCarousel, StaffCarouselItem } from "~/carousels/carousels.server";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { CAROUSEL_ITEM_KINDS, type CarouselItemKind } from "~/vocabulary";

const ADD_CONSTRAINT = getZodConstraint(AddCarouselItemSchema);
const DATES_CONSTRAINT = getZodConstraint(CarouselItemDatesSchema);

/** What the action answered (400, 409), for the form it came from (`add`, `item-<id>`, or the page). */
export interface CarouselActionData {
  form: string;
  result: SubmissionResult<string[]>;
  /** The carousel changed since the page was loaded: nothing written (409). */
  stale?: boolean;
  /** Several matches of the typed text: each can be added at once. */
  candidates?: { kind: CarouselItemKind; startsAt: string; endsAt: string; targets: CarouselTarget[] };
}

const buttonClass = "min-h-11 rounded border border-stone-300 px-3 py-2 text-sm hover:bg-wine-50 disabled:opacity-50";
const primaryClass = "min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900";

export function StaffCarouselEditor({
  title,
  carousel,
  done,
  reply,
}: {
  title: string;
  carousel: StaffCarousel;
  done: string | null;
  reply: CarouselActionData | undefined;
}) {
  const { t, i18n } = useT();
  const pageErrors = reply && (reply.stale || reply.form === "page") ? (reply.result.error?.[""] ?? []) : [];
  return (
    <div>
      <p className="text-sm">
        <Link to={STAFF_CAROUSELS_PATH} className="text-wine-800 underline">
          {t("carousels.staff.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {carousel.lastChange
          ? t("carousels.staff.lastChange", {
              date: formatDateTime(carousel.lastChange.at, i18n.language),
              who: carousel.lastChange.actorEmail,
            })
          : t("carousels.staff.notCreated")}
      </p>
      {done && !reply ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="carousel-done">
          {t(`carousels.done.${done}`)}
        </p>
      ) : null}
      {pageErrors.length > 0 ? (
        <div role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3" data-testid="carousel-conflict">
          {pageErrors.map((error) => (
            <p key={error}>{t(error)}</p>
          ))}
        </div>
      ) : null}
      <section aria-labelledby="carousel-items" className="mt-6">
        <h2 id="carousel-items" className="font-serif text-2xl">
          {t("carousels.staff.items")}
        </h2>
        {carousel.items.length === 0 ? (
          <p className="mt-2 text-stone-700">{t("carousels.staff.empty")}</p>
        ) : (
          <ol className="mt-3 space-y-3" data-testid="carousel-items">
            {carousel.items.map((item, index) => (
              <ItemRow
                key={`${item.id}-${carousel.version}`}
                item={item}
                first={index === 0}
                last={index === carousel.items.length - 1}
                position={index + 1}
                version={carousel.version}
                reply={reply?.form === `item-${item.id}` ? reply : undefined}
              />
            ))}
          </ol>
        )}
      </section>
      <AddItemForm key={carousel.version} version={carousel.version} reply={reply?.form === "add" ? reply : undefined} />
    </div>
  );
}

/** The public page of an item. */
function itemHref(item: Pick<StaffCarouselItem, "kind" | "slug">): string {
  return item.kind === "product" ? `/products/${item.slug}` : item.kind === "provider" ? `/providers/${item.slug}` : `/blogs/${item.slug}`;
}

function ItemRow({
  item,
  first,
  last,
  position,
  version,
  reply,
}: {
  item: StaffCarouselItem;
  first: boolean;
  last: boolean;
  position: number;
  version: number;
  reply: CarouselActionData | undefined;
}) {
  const { t, i18n } = useT();
  const busy = useNavigation().state === "submitting";
  const named = <span className="sr-only"> « {item.label} »</span>;
  return (
    <li className="rounded border border-stone-200 bg-white p-3" data-testid="carousel-item" data-slug={item.slug}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold">{position}.</span>
        <span className="text-xs uppercase tracking-wide text-stone-600">{t(`carousels.kinds.${item.kind}`)}</span>
        <Link to={itemHref(item)} className="text-wine-800 underline" data-testid="carousel-item-name">
          {item.label}
        </Link>
        {item.note ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t(`carousels.notes.${item.note}`)}</span>
        ) : null}
        <span className="text-sm text-stone-700">
          {item.startsAt ? t("carousels.staff.from", { date: formatDateTime(item.startsAt, i18n.language) }) : null}
          {item.startsAt && item.endsAt ? " · " : null}
          {item.endsAt ? t("carousels.staff.until", { date: formatDateTime(item.endsAt, i18n.language) }) : null}
        </span>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {(["up", "down"] as const).map((direction) => (
          <Form method="post" key={direction}>
            <input type="hidden" name="intent" value={CAROUSEL_INTENTS.move} />
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="itemId" value={item.id} />
            <input type="hidden" name="direction" value={direction} />
            <button type="submit" className={buttonClass} disabled={busy || (direction === "up" ? first : last)}>
              {t(`carousels.staff.move.${direction}`)}
              {named}
            </button>
          </Form>
        ))}
        <Form method="post">
          <input type="hidden" name="intent" value={CAROUSEL_INTENTS.remove} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="itemId" value={item.id} />
          <button type="submit" className={buttonClass} disabled={busy}>
            {t("carousels.staff.remove")}
            {named}
          </button>
        </Form>
      </div>
      <details className="mt-2" open={reply !== undefined}>
        <summary className="inline-block min-h-6 cursor-pointer text-sm text-wine-800 underline">
          {t("carousels.staff.datesToggle")}
          {named}
        </summary>
        <DatesForm item={item} version={version} reply={reply} />
      </details>
    </li>
  );
}

function DatesForm({ item, version, reply }: { item: StaffCarouselItem; version: number; reply: CarouselActionData | undefined }) {
  const { t } = useT();
  const [form, fields] = useForm<CarouselItemDatesForm>({
    id: `item-${item.id}`,
    lastResult: reply?.result,
    constraint: DATES_CONSTRAINT,
    defaultValue: {
      startsAt: item.startsAt ? instantToShopLocal(item.startsAt) : "",
      endsAt: item.endsAt ? instantToShopLocal(item.endsAt) : "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CarouselItemDatesSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-4">
      <input type="hidden" name="intent" value={CAROUSEL_INTENTS.dates} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="itemId" value={item.id} />
      <DateTimeField field={fields.startsAt} label={t("carousels.fields.startsAt")} />
      <DateTimeField field={fields.endsAt} label={t("carousels.fields.endsAt")} />
      <button type="submit" className={buttonClass}>
        {t("carousels.staff.saveDates")}
      </button>
      <FieldErrors id={form.errorId} errors={reply?.stale ? undefined : form.errors} />
    </Form>
  );
}

type DateField = FieldMetadata<Date | undefined>;

function DateTimeField({ field, label }: { field: DateField; label: string }) {
  const { t } = useT();
  const { key: _key, ...props } = getInputProps(field, { type: "datetime-local" });
  const helpId = `${field.id}-help`;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...props}
        autoComplete="off"
        aria-describedby={[helpId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ")}
        className={inputClass}
      />
      <p id={helpId} className="mt-1 text-xs text-stone-600">
        {t("carousels.help.montrealTime")}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function AddItemForm({ version, reply }: { version: number; reply: CarouselActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<AddCarouselItemForm>({
    id: "carousel-add",
    lastResult: reply?.result,
    constraint: ADD_CONSTRAINT,
    defaultValue: { kind: "product" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddCarouselItemSchema }),
  });
  const { key: _kindKey, ...kindProps } = getSelectProps(fields.kind);
  const { key: _targetKey, ...targetProps } = getInputProps(fields.target, { type: "text" });
  return (
    <section aria-labelledby="carousel-add-title" className="mt-10">
      <h2 id="carousel-add-title" className="font-serif text-2xl">
        {t("carousels.staff.addTitle")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4" data-testid="carousel-add">
        <input type="hidden" name="intent" value={CAROUSEL_INTENTS.add} />
        <input type="hidden" name="version" value={version} />
        <FieldErrors id={form.errorId} errors={reply?.stale ? undefined : form.errors} />
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={fields.kind.id} className="block text-sm font-medium">
              {t("carousels.fields.kind")}
            </label>
            <select {...kindProps} autoComplete="off" className={inputClass}>
              {CAROUSEL_ITEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`carousels.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-64 grow">
            <label htmlFor={fields.target.id} className="block text-sm font-medium">
              {t("carousels.fields.target")}
            </label>
            <input
              {...targetProps}
              autoComplete="off"
              aria-describedby={[`${fields.target.id}-help`, fields.target.errors?.length ? fields.target.errorId : null]
                .filter(Boolean)
                .join(" ")}
              className={inputClass}
            />
            <p id={`${fields.target.id}-help`} className="mt-1 text-xs text-stone-600">
              {t("carousels.help.target")}
            </p>
            <FieldErrors id={fields.target.errorId} errors={fields.target.errors} />
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <DateTimeField field={fields.startsAt} label={t("carousels.fields.startsAt")} />
          <DateTimeField field={fields.endsAt} label={t("carousels.fields.endsAt")} />
        </div>
        <button type="submit" disabled={busy} className={primaryClass}>
          {t("carousels.staff.add")}
        </button>
      </Form>
      {reply?.candidates ? <Candidates version={version} candidates={reply.candidates} /> : null}
    </section>
  );
}

/** The matches of an ambiguous text, each added by its slug with one button. */
function Candidates({ version, candidates }: { version: number; candidates: NonNullable<CarouselActionData["candidates"]> }) {
  const { t } = useT();
  return (
    <div className="mt-4" data-testid="carousel-candidates">
      <p className="text-sm font-medium">{t("carousels.staff.candidates")}</p>
      <ul className="mt-2 space-y-2">
        {candidates.targets.map((target) => (
          <li key={target.id}>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value={CAROUSEL_INTENTS.add} />
              <input type="hidden" name="version" value={version} />
              <input type="hidden" name="kind" value={candidates.kind} />
              <input type="hidden" name="target" value={target.slug} />
              <input type="hidden" name="startsAt" value={candidates.startsAt} />
              <input type="hidden" name="endsAt" value={candidates.endsAt} />
              <button type="submit" className={buttonClass}>
                {t("carousels.staff.addThis")}
                <span className="sr-only"> « {target.label} »</span>
              </button>
              <span>
                {target.label} <code className="text-xs text-stone-600">{target.slug}</code>
              </span>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
