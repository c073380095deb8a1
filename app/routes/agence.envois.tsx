/**
 * /agence/envois (decision 027): the e-mails and Mailchimp sign-ups the outbox could not send —
 * FAILED (it tries again, the next try's time shown) and DEAD (it gave up) — with the last error
 * and a "resend" button each. A resend succeeds with a 303 back to the list; a refused form
 * answers 400, a message already sent or waiting 409 with its status. Staff only (404 otherwise).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { outboxDesk, resendOutboxMessage } from "~/agency/outbox-desk.server";
import { ResendMessageSchema } from "~/agency/outbox-forms";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { OutboxList, type ResendActionData } from "~/agency/ui/outbox-list";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.envois";

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  return { title: shop.t("agency.outbox.title"), ...(await outboxDesk(shop.db)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ResendMessageSchema });
  const posted = Number(formData.get("messageId"));
  const messageId = Number.isSafeInteger(posted) ? posted : null;
  if (submission.status !== "success") return data<ResendActionData>({ messageId, result: submission.reply() }, { status: 400 });
  const outcome = await resendOutboxMessage(shop.db, { staff, messageId: submission.value.messageId });
  if (outcome.ok) throw redirect(request.url, 303);
  if (outcome.error === "not-found") {
    return data<ResendActionData>(
      { messageId, result: submission.reply({ formErrors: ["agency.outbox.errors.unknown"] }) },
      { status: 404 },
    );
  }
  return data<ResendActionData>(
    { messageId, result: submission.reply({ formErrors: ["agency.outbox.errors.conflict"] }), conflict: outcome.status },
    { status: 409 },
  );
}

export default function AgencyOutbox({ loaderData, actionData }: Route.ComponentProps) {
  return <OutboxList {...loaderData} actionData={actionData} />;
}
