/**
 * The province notice of a first visit (docs/product.md#consent Layout): which province the shop
 * is in, links to switch (`/qc`, `/on`), and with JavaScript "use my location" (the browser's
 * position, reverse-geocoded on the server: /on when in Ontario, else /qc). With JavaScript it
 * hides after 3 s, unless the pointer or the focus is on it (then 3 s after they leave); without
 * it, it stays until its close button (a form) is pressed.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/i18n/translation";
import { NOTICE_HIDE_MS, VISITOR_PATH } from "~/visitor/visitor-rules";
import { type Province, PROVINCES } from "~/vocabulary";

type LocateMessage = "locating" | "denied" | "unconfigured" | "failed" | "invalid" | null;

const linkClass = "inline-flex min-h-6 items-center rounded px-2 py-1 underline";

export function ProvinceNotice({ province, onHidden }: { province: Province; onHidden: () => void }) {
  const { t } = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ outcome?: "unconfigured" | "failed" | "invalid" }>();
  const [message, setMessage] = useState<LocateMessage>(null);
  const [held, setHeld] = useState(false);
  const pointerInside = useRef(false);
  const box = useRef<HTMLElement | null>(null);

  // Hides NOTICE_HIDE_MS after it shows, or after the pointer and focus leave it.
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onHidden, NOTICE_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [held, onHidden]);

  const outcome = fetcher.data?.outcome;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- answers the fetcher's reply, an outside event
    if (outcome) setMessage(outcome);
  }, [outcome]);

  const release = () => {
    if (!pointerInside.current && !box.current?.contains(document.activeElement)) setHeld(false);
  };

  const locate = () => {
    setHeld(true);
    if (message === "locating") return;
    if (!("geolocation" in navigator)) {
      setMessage("denied");
      return;
    }
    setMessage("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        void fetcher.submit(
          { intent: "locate", lat: String(position.coords.latitude), lon: String(position.coords.longitude) },
          // No revalidation: the page's data would drop the notice (its marker is set) with the
          // message of a failed lookup; a found province redirects, which loads the new page.
          { method: "post", action: VISITOR_PATH, defaultShouldRevalidate: false },
        );
      },
      () => setMessage("denied"),
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    );
  };

  return (
    <aside
      ref={box}
      aria-labelledby="visitor-notice-label"
      data-testid="province-notice"
      // In the visitor gate's stack at the foot of the screen, never over the header's controls.
      className="mx-auto mb-2 w-[calc(100%-1rem)] max-w-xl rounded-lg border border-stone-300 bg-white p-4 text-stone-900 shadow-lg sm:mb-4"
      onPointerEnter={() => {
        pointerInside.current = true;
        setHeld(true);
      }}
      onPointerLeave={() => {
        pointerInside.current = false;
        release();
      }}
      onFocus={() => setHeld(true)}
      onBlur={() => window.setTimeout(release, 0)}
    >
      <p id="visitor-notice-label" className="font-semibold">
        {t("visitor.notice.label")}
      </p>
      <p className="mt-1 text-sm">{t(`visitor.notice.text.${province}`)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <nav aria-label={t("visitor.notice.switch")}>
          <ul className="flex gap-1 text-sm">
            {PROVINCES.map((p) => (
              <li key={p}>
                <Link
                  to={`/${p.toLowerCase()}`}
                  aria-current={p === province ? "true" : undefined}
                  className={p === province ? `${linkClass} font-semibold text-wine-800` : linkClass}
                >
                  {t(p === "QC" ? "prefs.quebec" : "prefs.ontario")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {hydrated ? (
          <button
            type="button"
            onClick={locate}
            className="min-h-6 rounded border border-wine-700 px-2 py-1 text-sm text-wine-800 hover:bg-wine-50"
          >
            {t("visitor.notice.locate")}
          </button>
        ) : null}
        <Form
          method="post"
          action={VISITOR_PATH}
          className="ml-auto"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onHidden();
          }}
        >
          <input type="hidden" name="intent" value="notice" />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" aria-label={t("visitor.notice.closeLabel")} className="min-h-6 rounded px-2 py-1 text-sm underline">
            {t("visitor.notice.close")}
          </button>
        </Form>
      </div>
      <p role="status" className="mt-2 text-sm empty:hidden" data-testid="province-notice-status">
        {message ? t(`visitor.notice.${message === "invalid" ? "failed" : message}`) : null}
      </p>
    </aside>
  );
}
