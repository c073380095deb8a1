/**
 * The page's messages (docs/decisions/039-progress-and-notifications.md), mounted once by the root
 * layout:
 * - {@link FlashBanner}: the success message a redirect left for this page (the flash cookie),
 *   server-rendered in the page's flow, so it shows without JavaScript too;
 * - {@link Toaster}: the one toast region, for what happens without a page change (an add to the
 *   cart kept on the page, a failed or offline submission): polite for successes, an alert for
 *   errors. Its live regions are in the server's HTML, so what comes into them is announced
 *   (`aria-live` without the status and alert roles: a page's own status messages keep theirs).
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useFlash } from "~/http/flash";
import { useT } from "~/i18n/translation";
import { dismiss, notify, SUCCESS_MS, type Toast, useToasts } from "./toasts";

/** The flash messages that offer the cart. */
const OFFERS_CART = new Set<string>(["feedback.flash.cartAdded", "feedback.flash.cartReserved"]);

/**
 * The redirect's success message, at the top of the page: a live region that stays in the layout,
 * so a message a client navigation brings is announced.
 */
export function FlashBanner() {
  const { t } = useT();
  const flash = useFlash();
  return (
    <div aria-live="polite">
      {flash ? (
        <p className="mb-4 rounded border border-green-300 bg-green-50 p-3 text-green-900" data-testid="flash">
          {t(flash.key)}
          {OFFERS_CART.has(flash.key) ? (
            <>
              {" "}
              <Link to="/shopping-cart" className="font-semibold underline">
                {t("cart.add.seeCart")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (toast.kind !== "success") return;
    let timer: ReturnType<typeof setTimeout>;
    // A success goes after a while, unless the shopper is on it (focus or pointer): then later.
    const later = () => {
      timer = setTimeout(() => {
        const element = ref.current;
        if (element && (element.contains(document.activeElement) || element.matches(":hover"))) later();
        else dismiss(toast.id);
      }, SUCCESS_MS);
    };
    later();
    return () => clearTimeout(timer);
  }, [toast]);
  const error = toast.kind === "error";
  return (
    <div
      ref={ref}
      className={`pointer-events-auto flex items-start gap-3 rounded border p-3 shadow-lg ${error ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-white text-ink"}`}
      data-testid={error ? "toast-error" : "toast"}
    >
      <p className="flex-1 text-sm">
        {toast.title ? <strong className="block">{toast.title}</strong> : null}
        {toast.message}
        {toast.link ? (
          <>
            {" "}
            <Link to={toast.link.href} className="font-semibold underline" onClick={() => dismiss(toast.id)}>
              {toast.link.label}
            </Link>
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="min-h-6 min-w-6 rounded px-1 text-lg leading-none"
        aria-label={t("feedback.close")}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The one toast region: bottom of the screen, above the page, out of the way of its controls.
 * While the browser is offline a form is not sent at all (React Router would fetch the code of
 * the page it posts to, fail, and reload into the browser's offline page): it stays as it is and
 * a toast says so. A request that fails on its way is app/middleware/failed-submission.ts's.
 */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useT();
  useEffect(() => {
    // Capturing on window: before React's own listeners on the document see the submission.
    const holdOffline = (event: SubmitEvent) => {
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopPropagation();
      notify({ kind: "error", title: t("feedback.errorTitle"), message: t("feedback.offline") });
    };
    window.addEventListener("submit", holdOffline, true);
    return () => window.removeEventListener("submit", holdOffline, true);
  }, [t]);
  return (
    <section
      aria-label={t("feedback.region")}
      className="toast-region pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-96 print:hidden"
    >
      <div aria-live="polite" className="flex flex-col gap-2">
        {toasts
          .filter((toast) => toast.kind === "success")
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div aria-live="assertive" className="flex flex-col gap-2">
        {toasts
          .filter((toast) => toast.kind === "error")
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </section>
  );
}
