/**
 * The pieces every conform form of the shop draws its fields with (the form convention: one zod
 * schema, `useForm` + `getInputProps`): a labelled input with its help text and first error, both
 * tied to the input by `aria-describedby`, and a field's or form's first error announced as an alert.
 */
import { getInputProps } from "@conform-to/react";
import { useT } from "~/i18n/translation";

/** The classes of a text input. */
export const inputClass = "mt-1 w-full rounded border border-stone-300 px-2 py-1.5";

/**
 * The first error of a field or form (an i18n key), translated with `values` when its message
 * names some (a limit); nothing when there is none.
 */
export function FieldErrors({
  id,
  errors,
  values,
}: {
  id?: string;
  errors: string[] | undefined;
  values?: Record<string, string | number>;
}) {
  const { t } = useT();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {t(errors[0]!, values)}
    </p>
  );
}

type ConformField = Parameters<typeof getInputProps>[0];

/** A labelled text input with its conform props, optional help text and first error. */
export function TextField({
  field,
  type,
  label,
  autoComplete,
  help,
}: {
  field: ConformField;
  type: "text" | "email" | "tel" | "password";
  label: string;
  autoComplete: string;
  help?: string;
}) {
  const helpId = `${field.id}-help`;
  const { key: _key, ...props } = getInputProps(field, { type, ariaDescribedBy: help ? helpId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input {...props} autoComplete={autoComplete} className={inputClass} />
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-stone-600">
          {help}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors as string[] | undefined} />
    </div>
  );
}
