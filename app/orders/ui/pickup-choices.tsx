/**
 * The pick-up choices shared by the checkout's step 2 and a reservation's payment page: the branch search (a GET form), the branch radio list, and the boutique
 * fieldset. The field names (`q`, `branchId`, `boutiqueCode`) and test ids (`branch-search`,
 * `branch-list`, `branch-not-found`) are the same wherever they are used.
 */
import { type ReactNode, useEffect } from "react";
import { Form, useSubmit } from "react-router";
import { FieldErrors } from "~/components/ui/form-field";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { useT } from "~/i18n/translation";
import type { InventoryCode } from "~/vocabulary";

/** A branch as the list shows it. */
export interface BranchOption {
  id: number;
  name: string;
  street: string;
  city: string;
  postalCode: string;
}

/** The pending live-search timer, shared with the POST form that clears it when it submits. */
export type SearchTimer = { current: ReturnType<typeof setTimeout> | undefined };

/**
 * The branch search: a GET form to `action` that works without JavaScript; with it, the list
 * filters as one types (the form is resubmitted 250 ms after the last key, replacing the history
 * entry). `children` are extra hidden fields kept in the URL (e.g. the checkout's step).
 */
export function BranchSearch({
  action,
  query,
  timerRef,
  listed,
  children,
}: {
  action: string;
  query: string;
  timerRef: SearchTimer;
  /** Whether the branch list is shown (the search box controls it). */
  listed: boolean;
  children?: ReactNode;
}) {
  const { t } = useT();
  const submit = useSubmit();
  useEffect(() => () => clearTimeout(timerRef.current), [timerRef]);
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("checkout.branch.legend")}
      className="flex max-w-md gap-2"
      data-testid="branch-search"
      onSubmit={() => clearTimeout(timerRef.current)}
    >
      {children}
      <label htmlFor="branch-query" className="sr-only">
        {t("checkout.branch.searchLabel")}
      </label>
      <input
        id="branch-query"
        type="search"
        name="q"
        defaultValue={query}
        placeholder={t("checkout.branch.searchPlaceholder")}
        autoComplete="off"
        aria-controls={listed ? "branch-list" : undefined}
        className="w-full rounded border border-stone-300 px-2 py-1.5"
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timerRef.current);
          timerRef.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), 250);
        }}
      />
      <button type="submit" className="rounded border border-stone-300 px-3">
        {t("checkout.branch.search")}
      </button>
    </Form>
  );
}

/**
 * The branch radio list (`branchId`) inside its fieldset, or "no branch found"; a branch chosen
 * earlier (`kept`) stays chosen while the list shows another search.
 */
export function BranchChoices({
  branches,
  chosen,
  kept,
  errorId,
  errors,
}: {
  branches: BranchOption[];
  chosen: number | undefined;
  kept?: { id: number; name: string } | null;
  errorId: string;
  errors: string[] | undefined;
}) {
  const { t } = useT();
  const listed = branches.some((b) => b.id === chosen);
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="sr-only">{t("checkout.branch.legend")}</legend>
      {branches.length === 0 ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="branch-not-found">
          {t("checkout.errors.branchNotFound")}
        </p>
      ) : (
        <ul
          id="branch-list"
          className="max-h-96 divide-y divide-stone-200 overflow-y-auto rounded border border-stone-200"
          data-testid="branch-list"
        >
          {branches.map((b) => (
            <li key={b.id}>
              <label className="flex cursor-pointer gap-3 p-3 hover:bg-stone-50">
                <input type="radio" name="branchId" value={b.id} defaultChecked={b.id === chosen} className="mt-1" />
                <span>
                  <span className="block font-semibold">{b.name}</span>
                  <span className="block text-sm text-stone-600">
                    {b.street}, {b.city} {b.postalCode}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {chosen && !listed && kept?.id === chosen ? (
        <label className="mt-2 flex gap-2 text-sm">
          <input type="radio" name="branchId" value={chosen} defaultChecked />
          {t("checkout.branch.keep", { name: kept.name })}
        </label>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

/** The boutique fieldset (`boutiqueCode`): one radio a boutique of the province, the only one pre-checked. */
export function BoutiqueChoices({
  boutiques,
  chosen,
  help,
  errorId,
  errors,
}: {
  boutiques: readonly InventoryCode[];
  chosen: string | null | undefined;
  /** A line under the title. */
  help?: string;
  errorId: string;
  errors: string[] | undefined;
}) {
  const { t } = useT();
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="font-serif text-xl">{t("checkout.boutique.title")}</legend>
      {help ? <p className="mb-2 text-sm text-stone-600">{help}</p> : null}
      {boutiques.map((code) => (
        <label key={code} className="flex gap-2 py-1">
          <input type="radio" name="boutiqueCode" value={code} defaultChecked={chosen === code || (boutiques.length === 1 && !chosen)} />
          {t(boutiqueNameKey(code))}
        </label>
      ))}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
