/**
 * The allocation section of a product's staff page (docs/decisions/049-member-tastings-and-allocations.md):
 * the first and last days (both included) when only members may add the product to a cart. A POST
 * that works without JavaScript and carries the product's version; both days empty ends the
 * allocation. A stale save shows who saved first and the current days, the staff's input kept.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { type AllocationForm as AllocationFormValues, AllocationSchema, PRODUCT_INTENTS } from "~/catalogue-editing/editing-forms";
import { ConflictPanel, type ConflictView, EditField } from "~/catalogue-editing/ui/edit-fields";
import { FieldErrors } from "~/components/ui/form-field";
import { formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";

const CONSTRAINT = getZodConstraint(AllocationSchema);

/**
 * A product's members-only period on its staff page (decision 049): both days or neither, with the
 * product's version (a stale one answers 409 with the current period).
 */
export function AllocationForm({
  allocation,
  version,
  reply,
}: {
  /** The saved days (`YYYY-MM-DD`), or both null. */
  allocation: { membersOnlyFrom: string | null; membersOnlyUntil: string | null };
  version: number;
  /** What the action answered this form (400, 409). */
  reply: { result: SubmissionResult<string[]>; conflict?: ConflictView } | undefined;
}) {
  const { t, i18n } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<AllocationFormValues>({
    id: "product-allocation",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: { membersOnlyFrom: allocation.membersOnlyFrom ?? "", membersOnlyUntil: allocation.membersOnlyUntil ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AllocationSchema }),
  });
  return (
    <section aria-labelledby="allocation-title" className="mt-10" data-testid="allocation">
      <h2 id="allocation-title" className="font-serif text-2xl">
        {t("allocations.staff.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="allocation-state">
        {allocation.membersOnlyFrom && allocation.membersOnlyUntil
          ? t("allocations.staff.current", {
              from: formatShopDay(allocation.membersOnlyFrom, i18n.language),
              until: formatShopDay(allocation.membersOnlyUntil, i18n.language),
            })
          : t("allocations.staff.none")}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <input type="hidden" name="intent" value={PRODUCT_INTENTS.allocation} />
        <input type="hidden" name="version" value={reply?.conflict?.version ?? version} />
        {reply?.conflict ? (
          <ConflictPanel
            conflict={reply.conflict}
            messageKey="catalogueEditing.conflict.product"
            fieldKeyPrefix="catalogueEditing.fields"
          />
        ) : null}
        <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <EditField field={fields.membersOnlyFrom} label={t("catalogueEditing.fields.membersOnlyFrom")} type="date" />
          <EditField
            field={fields.membersOnlyUntil}
            label={t("catalogueEditing.fields.membersOnlyUntil")}
            type="date"
            help={t("allocations.staff.help")}
          />
        </div>
        <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("allocations.staff.save")}
        </button>
      </Form>
    </section>
  );
}
