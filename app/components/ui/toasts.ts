/**
 * The page's notifications (docs/decisions/039-progress-and-notifications.md): a small store of
 * the toasts the one region of the layout shows (`<Toaster>`, ./notifications). Browser code calls
 * {@link notify} (an add to the cart that succeeded, a failed or offline submission); the server
 * renders none (a redirect's success message is a flash, shown in the page itself).
 */
import { useSyncExternalStore } from "react";

/** One notification. `error` ones are alerts and stay until closed; `success` ones go after {@link SUCCESS_MS}. */
export interface Toast {
  id: number;
  kind: "success" | "error";
  /** A title above the message ("Erreur !" for failures, docs/product.md#errors). */
  title?: string;
  message: string;
  /** A link it offers ("Voir le panier"). */
  link?: { href: string; label: string };
}

/** How long a success stays, ms (closing it is always possible; a focused one stays). */
export const SUCCESS_MS = 8000;
/** The most toasts shown at once: a newer one pushes the oldest out. */
const MOST_SHOWN = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const NONE: readonly Toast[] = [];

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a notification. @returns its id, for {@link dismiss} */
export function notify(toast: Omit<Toast, "id">): number {
  const id = nextId++;
  publish([...toasts, { ...toast, id }].slice(-MOST_SHOWN));
  return id;
}

/** Removes the notification `id` (closed, or its time passed); nothing when it is gone already. */
export function dismiss(id: number): void {
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notifications shown now (none on the server and during hydration). */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
}
