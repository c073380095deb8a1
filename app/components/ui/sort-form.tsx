/**
 * A list's sort order beside its result count, on every screen (on phones it is not hidden in the
 * filter panel): a GET form carrying the list's other query values as hidden fields. Without
 * JavaScript its button applies it; with it, choosing an order submits at once (the button goes).
 */
import { Form, useSubmit } from "react-router";
import { submitOnChoice } from "./auto-submit";
import { useHydrated } from "./use-hydrated";

export interface SortFormProps {
  /** The list's path, e.g. `/products`. */
  action: string;
  /** The select's field name (`sort`, `sortByDate`). */
  name: string;
  value: string;
  label: string;
  /** The button's text without JavaScript. */
  submitLabel: string;
  options: readonly { value: string; label: string }[];
  /** The list's other query values (filters, page size), without the sort and the page. */
  hidden: readonly (readonly [string, string])[];
}

export function SortForm({ action, name, value, label, submitLabel, options, hidden }: SortFormProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const id = `sort-${name}`;
  return (
    <Form
      // A new URL re-creates the form, so its select shows the URL's order after back/forward.
      key={`${value}?${new URLSearchParams(hidden.map(([k, v]) => [k, v])).toString()}`}
      method="get"
      action={action}
      autoComplete="off"
      onChange={submitOnChoice(submit)}
      className="flex items-center gap-2 text-sm"
      data-testid="sort-form"
    >
      {hidden.map(([key, v], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={v} />
      ))}
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="min-h-8 rounded border border-stone-300 bg-white p-1">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="min-h-8 rounded border border-wine-700 px-3 py-1 text-wine-800 hover:bg-wine-50">
          {submitLabel}
        </button>
      )}
    </Form>
  );
}
