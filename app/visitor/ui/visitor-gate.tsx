/**
 * The visitor's first minute around every page (docs/product.md#layout Layout), from the root
 * loader's `visitor` state: until the age is confirmed, only the age gate; then, on a first visit,
 * the province notice, and the consent dialog while the province has no answer (or when reopened).
 * Crawlers get the page alone (the state says so).
 *
 * With JavaScript the notice shows while the data has one and it was not hidden ("use my
 * location" posts without revalidating, so a failed lookup keeps the notice and its message).
 */
import { type ReactNode, useCallback, useState } from "react";
import { useLocation } from "react-router";
import type { Preferences } from "~/preferences/preferences";
import { CONSENT_DELAY_MS, NOTHING_IN_THE_WAY, type VisitorState } from "~/visitor/visitor-rules";
import type { Locale } from "~/vocabulary";
import { AgeGate } from "./age-gate";
import { ConsentDialog } from "./consent-dialog";
import { ProvinceNotice } from "./province-notice";

/** What the gate reads of the root loader's data (app/root.tsx passes it down). */
export interface VisitorGateData {
  visitor: VisitorState;
  preferences: Preferences;
  locale: Locale;
}

/**
 * Renders `children` (header, page, footer) or the age gate in their place, and the dialogs.
 * @param root the root loader's data, or undefined when the root loader itself failed
 */
export function VisitorGate({ children, root }: { children: ReactNode; root: VisitorGateData | undefined }) {
  const state = root?.visitor ?? NOTHING_IN_THE_WAY;
  const location = useLocation();
  // The notice comes with the data (the next data has none: its marker cookie is set) and goes
  // once hidden (3 s, or its close button); a notice in newer data shows again.
  const [hidden, setHidden] = useState<VisitorState["notice"]>(null);
  const notice = state.notice === hidden ? null : state.notice;
  const hideNotice = useCallback(() => setHidden(state.notice), [state.notice]);

  if (state.ageGate) return <AgeGate province={state.ageGate.province} age={state.ageGate.age} root={root} />;
  return (
    <>
      {notice || state.consent ? (
        // One stack at the foot of the screen: the notice above the consent panel (without
        // JavaScript both show), neither over the other nor over the header's controls; on a short
        // screen it scrolls within 60% of the height. The consent's modal (JavaScript) is in the
        // top layer, outside this box.
        <div className="fixed inset-x-0 bottom-0 z-40 max-h-[60dvh] overflow-y-auto" data-testid="visitor-stack">
          {notice ? <ProvinceNotice province={notice.province} onHidden={hideNotice} /> : null}
          {state.consent ? (
            <ConsentDialog
              key={location.key}
              province={state.consent.province}
              current={state.consent.current}
              delayMs={notice && !state.consent.reopened ? CONSENT_DELAY_MS : 0}
            />
          ) : null}
        </div>
      ) : null}
      {children}
    </>
  );
}
