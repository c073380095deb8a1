/**
 * The legal-drinking-age question (docs/product.md#age-gate Layout), shown instead of the page until the
 * visitor confirms the age of their province: 18 in Quebec, 19 in Ontario. Server-rendered as a
 * `<dialog open>` holding a real form (POST /visitor, 303 back to this page); with JavaScript it
 * becomes modal and Escape does not close it. The language and province switches stay reachable
 * inside it: the question depends on the province.
 */
import { Form, useLocation } from "react-router";
import { PreferenceSwitches } from "~/components/ui/preference-switches";
import { useT } from "~/i18n/translation";
import { DEFAULT_PREFERENCES, type Preferences } from "~/preferences/preferences";
import { type LegalAge, VISITOR_PATH } from "~/visitor/visitor-rules";
import type { Locale, Province } from "~/vocabulary";
import { useModalDialog } from "./use-modal-dialog";

/** Two answers of the same weight. */
const answerClass =
  "min-h-11 flex-1 rounded border-2 border-wine-700 px-4 py-2 font-semibold text-wine-800 hover:bg-wine-50 focus-visible:outline-2 focus-visible:outline-offset-2";

/** @param root the root loader's preferences and locale (for the switches), undefined when it failed */
export function AgeGate({
  province,
  age,
  root,
}: {
  province: Province;
  age: LegalAge;
  root: { preferences: Preferences; locale: Locale } | undefined;
}) {
  const { t } = useT();
  const location = useLocation();
  const ref = useModalDialog({ escape: false });
  const preferences = { ...(root?.preferences ?? DEFAULT_PREFERENCES), locale: root?.locale ?? DEFAULT_PREFERENCES.locale };
  return (
    <main id="main" className="flex flex-1 items-start justify-center bg-stone-100 px-4 py-10">
      <dialog
        ref={ref}
        open
        aria-labelledby="visitor-age-title"
        aria-describedby="visitor-age-question"
        data-testid="age-gate"
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/85 not-[:modal]:static not-[:modal]:w-full"
      >
        <p className="font-serif text-2xl font-bold text-wine-800" aria-hidden="true">
          Cuvée
        </p>
        <h1 id="visitor-age-title" className="mt-2 font-serif text-2xl">
          {t("visitor.ageGate.title")}
        </h1>
        <p id="visitor-age-question" className="mt-4 text-lg">
          {t(`visitor.ageGate.question.${province}`, { age })}
        </p>
        <Form method="post" action={VISITOR_PATH} className="mt-6 flex flex-wrap gap-3">
          <input type="hidden" name="intent" value="age" />
          <input type="hidden" name="age" value={age} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" name="answer" value="yes" className={answerClass}>
            {t("visitor.ageGate.yes", { age })}
          </button>
          <button type="submit" name="answer" value="no" className={answerClass}>
            {t("visitor.ageGate.no")}
          </button>
        </Form>
        <p className="mt-6 text-sm text-stone-700">{t("visitor.ageGate.rule")}</p>
        <div className="mt-3" role="group" aria-label={t("visitor.ageGate.preferences")}>
          <PreferenceSwitches preferences={preferences} />
        </div>
      </dialog>
    </main>
  );
}
