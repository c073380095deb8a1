import { Form, useLocation } from "react-router";
import { useT } from "~/i18n/translation";
import type { Preferences } from "~/preferences/preferences";

interface SwitchProps {
  name: keyof Preferences;
  current: string;
  options: { value: string; label: string; title: string }[];
  legend: string;
}

/**
 * One preference as a real POST form to /preferences: works without JavaScript (303 back to the
 * same URL) and, with it, as a client-side form submission that revalidates the page.
 */
function PreferenceSwitch({ name, current, options, legend }: SwitchProps) {
  const location = useLocation();
  return (
    <Form method="post" action="/preferences" className="flex items-center gap-1" aria-label={legend}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {options.map((option) => (
        <button
          key={option.value}
          type="submit"
          name={name}
          value={option.value}
          title={option.title}
          aria-pressed={current === option.value}
          className={
            current === option.value
              ? "rounded bg-wine-700 px-2 py-0.5 text-xs font-semibold text-white"
              : "rounded px-2 py-0.5 text-xs text-stone-700 hover:bg-wine-100"
          }
        >
          {option.label}
        </button>
      ))}
    </Form>
  );
}

/** Language (FR/EN), province (QC/ON) and tax display (IN/OUT) switches of docs/product.md#tax-display Layout. */
export function PreferenceSwitches({ preferences }: { preferences: Preferences }) {
  const { t } = useT();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PreferenceSwitch
        name="locale"
        current={preferences.locale}
        legend={t("prefs.language")}
        options={[
          { value: "fr-CA", label: "FR", title: t("prefs.french") },
          { value: "en-US", label: "EN", title: t("prefs.english") },
        ]}
      />
      <PreferenceSwitch
        name="province"
        current={preferences.province}
        legend={t("prefs.province")}
        options={[
          { value: "QC", label: "QC", title: t("prefs.quebec") },
          { value: "ON", label: "ON", title: t("prefs.ontario") },
        ]}
      />
      <PreferenceSwitch
        name="taxMode"
        current={preferences.taxMode}
        legend={t("prefs.taxes")}
        options={[
          { value: "IN", label: t("prefs.taxIn"), title: t("prefs.taxInTitle") },
          { value: "OUT", label: t("prefs.taxOut"), title: t("prefs.taxOutTitle") },
        ]}
      />
    </div>
  );
}
