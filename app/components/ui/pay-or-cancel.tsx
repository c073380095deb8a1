/**
 * The two buttons of a payment page (the order's and the subscription's simulated pages): each a
 * POST form of its own with `intent=pay` or `intent=cancel`, disabled while one is on its way.
 */
import { Form } from "react-router";

export function PayOrCancel({ busy, payLabel, cancelLabel }: { busy: boolean; payLabel: string; cancelLabel: string }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="pay" />
        <button type="submit" disabled={busy} className="rounded bg-wine-700 px-6 py-2 font-semibold text-white">
          {payLabel}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" disabled={busy} className="rounded border border-stone-400 px-6 py-2">
          {cancelLabel}
        </button>
      </Form>
    </>
  );
}
