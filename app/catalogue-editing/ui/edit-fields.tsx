/**
 * The fields of the staff's catalogue forms: a text in both languages side by side (French
 * first), a single-language input, and the panel a stale edit (409) shows with the current values.
 */
import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";

type Field = FieldMetadata<string | number | undefined>;

/** One field of a conform form: an input (or a textarea), its label, help and first error. */
export function EditField({
  field,
  label,
  multiline = false,
  help,
  inputMode,
  autoComplete = "off",
  lang,
  type = "text",
}: {
  field: Field;
  label: string;
  multiline?: boolean;
  help?: string;
  inputMode?: "decimal" | "numeric" | "url";
  autoComplete?: string;
  /** The language of the text typed (`fr`, `en`), for screen readers and spell checking. */
  lang?: string;
  type?: "text" | "url" | "date";
}) {
  const helpId = `${field.id}-help`;
  const describedBy = [help ? helpId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <TextArea field={field} describedBy={describedBy} lang={lang} />
      ) : (
        <Input field={field} describedBy={describedBy} lang={lang} inputMode={inputMode} autoComplete={autoComplete} type={type} />
      )}
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-stone-600">
          {help}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Input({
  field,
  describedBy,
  lang,
  inputMode,
  autoComplete,
  type,
}: {
  field: Field;
  describedBy: string | undefined;
  lang?: string;
  inputMode?: "decimal" | "numeric" | "url";
  autoComplete: string;
  type: "text" | "url" | "date";
}) {
  const { key: _key, ...props } = getInputProps(field, { type });
  return (
    <input {...props} aria-describedby={describedBy} lang={lang} inputMode={inputMode} autoComplete={autoComplete} className={inputClass} />
  );
}

function TextArea({ field, describedBy, lang }: { field: Field; describedBy: string | undefined; lang?: string }) {
  const { key: _key, ...props } = getTextareaProps(field);
  return <textarea {...props} aria-describedby={describedBy} lang={lang} rows={4} className={inputClass} />;
}

/** A text in both languages, side by side on a wide screen (French first). */
export function BilingualField({
  fr,
  en,
  label,
  multiline = false,
}: {
  fr: Field;
  en: Field;
  /** The field's name; each input's label adds its language. */
  label: string;
  multiline?: boolean;
}) {
  const { t } = useT();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <EditField field={fr} label={t("catalogueEditing.inFrench", { label })} multiline={multiline} lang="fr" />
      <EditField field={en} label={t("catalogueEditing.inEnglish", { label })} multiline={multiline} lang="en" />
    </div>
  );
}

/** The current values of a stale edit (409), as the action returns them. */
export interface ConflictView {
  /** The version the form now carries: saving again replaces the current values with the form's. */
  version: number;
  lastChange: { at: string; actorEmail: string } | null;
  /** The fields whose current value differs from the form's: their label key and both values. */
  differences: { field: string; current: string; yours: string }[];
}

/**
 * A stale edit: who saved first and when, and the current value of each field that differs
 * from the staff's own input (kept in the form below, ready to be saved again). Shared by the
 * staff's editors (products, producers, articles).
 * @param messageKey the i18n key of "someone saved it on {{date}} ({{who}})"; `${messageKey}Unknown`
 *   says it without who and when
 * @param fieldKeyPrefix where the fields' labels are: `${fieldKeyPrefix}.${field}`
 */
export function ConflictPanel({
  conflict,
  messageKey,
  fieldKeyPrefix,
}: {
  conflict: ConflictView;
  messageKey: string;
  fieldKeyPrefix: string;
}) {
  const { t, i18n } = useT();
  const message = conflict.lastChange
    ? t(messageKey, {
        date: formatDateTime(conflict.lastChange.at, i18n.language),
        who: conflict.lastChange.actorEmail,
      })
    : t(`${messageKey}Unknown`);
  return (
    <div role="alert" className="mt-4 rounded border border-amber-400 bg-amber-50 p-4" data-testid="edit-conflict">
      <p className="font-semibold">{message}</p>
      <p className="mt-1 text-sm">{t("catalogueEditing.conflict.help")}</p>
      {conflict.differences.length > 0 ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{t("catalogueEditing.conflict.caption")}</caption>
          <thead>
            <tr className="border-b border-amber-300">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("catalogueEditing.conflict.field")}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("catalogueEditing.conflict.current")}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t("catalogueEditing.conflict.yours")}
              </th>
            </tr>
          </thead>
          <tbody>
            {conflict.differences.map((d) => (
              <tr key={d.field} className="border-b border-amber-200 align-top" data-testid="conflict-row">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {t(`${fieldKeyPrefix}.${d.field}`)}
                </th>
                <td className="whitespace-pre-line py-1 pr-3">{d.current || "—"}</td>
                <td className="whitespace-pre-line py-1">{d.yours || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
