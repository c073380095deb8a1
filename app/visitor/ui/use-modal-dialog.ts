/**
 * With JavaScript, turns a server-rendered `<dialog open>` into a modal one: native
 * `showModal()` makes the rest of the page inert (focus stays in the dialog), and closing it
 * returns focus where it was. Without JavaScript the same `<dialog open>` is a plain part of the
 * page, its forms posting as usual.
 */
import { type RefObject, useEffect, useRef } from "react";

/**
 * @param options.delayMs opens the modal after this many ms (the consent's 3.1 s, docs/product.md#consent);
 *   until then a CSS rule of the dialog keeps it hidden when scripts run
 * @param options.escape false: Escape does not close it (the age gate), and a dialog closed some
 *   other way while still mounted opens again
 * @returns the ref to put on the `<dialog>`
 */
export function useModalDialog(options: { delayMs?: number; escape: boolean }): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement | null>(null);
  const { delayMs = 0, escape } = options;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Where focus was before the dialog took it: it returns there when the dialog goes away.
    let opener: Element | null = null;
    let mounted = true;
    const open = () => {
      if (!mounted || !dialog.isConnected) return;
      opener = document.activeElement;
      if (dialog.open) dialog.close();
      dialog.showModal();
    };
    const onCancel = (event: Event) => {
      if (!escape) event.preventDefault();
    };
    // Chromium lets a second Escape close a dialog whose cancel was refused: open it again.
    // (The close event of the `close()` in `open` arrives after showModal(): then it is open.)
    const onClose = () => {
      if (!escape && mounted && !dialog.open) open();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    const timer = delayMs > 0 ? window.setTimeout(open, delayMs) : (open(), undefined);
    return () => {
      mounted = false;
      window.clearTimeout(timer);
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected && !dialog.contains(opener)) opener.focus();
    };
  }, [delayMs, escape]);
  return ref;
}
