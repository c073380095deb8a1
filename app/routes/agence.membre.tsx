/**
 * /agence/membres/:userId (docs/decisions/049-member-tastings-and-allocations.md): a member's
 * membership year and in-store tastings. Staff only (404 for anyone else, and for a user who is
 * not a customer); rate-limited; never cached.
 *
 * POST forms, each with its `intent`:
 * - `record`: the day, the boutique, with or without a guest → 303 here (`?done=recorded`);
 *   invalid → 400 with the field errors and values kept; the year's 4 already used, a day after
 *   today or outside the membership year, no running membership → 400 with its message, nothing
 *   written.
 * - `remove`: one tasting by its id → 303 (`?done=removed`); already removed → 409 with a message.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { formatShopDay } from "~/i18n/format";
import { shopDateOf } from "~/i18n/shop-time";
import { readMemberIdentity, readMemberTastings, recordTasting, removeTasting } from "~/member-tastings/member-tastings.server";
import { RecordTastingSchema, RemoveTastingSchema, staffMemberPath, TASTING_INTENTS } from "~/member-tastings/tasting-forms";
import { MemberPage, type TastingActionData } from "~/member-tastings/ui/member-page";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.membre";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

/** The notices after a change (`?done=`). */
const DONE = ["recorded", "removed"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const member = await readMemberIdentity(shop.db, Number(params.userId));
  if (!member) throw data(null, { status: 404 });
  const now = new Date();
  const tastings = await readMemberTastings(shop.db, member.id, now);
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: shop.t("memberTastings.member.pageTitle", { name: `${member.firstName} ${member.lastName}` }),
    member,
    tastings: tastings && {
      year: tastings.year,
      allowed: tastings.allowed,
      used: tastings.used,
      left: tastings.left,
      tastings: tastings.tastings,
    },
    today: shopDateOf(now),
    done: DONE.find((d) => d === done) ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const member = await readMemberIdentity(shop.db, Number(params.userId));
  if (!member) throw data(null, { status: 404 });
  const here = staffMemberPath(member.id);
  const formData = await readFormData(request);

  if (formData.get("intent") === TASTING_INTENTS.remove) {
    const submission = parseWithZod(formData, { schema: RemoveTastingSchema });
    if (submission.status !== "success") return data<TastingActionData>({ form: "remove", result: submission.reply() }, { status: 400 });
    if (!(await removeTasting(shop.db, staff, member.id, submission.value.tastingId))) {
      return data<TastingActionData>(
        { form: "remove", result: submission.reply({ formErrors: ["memberTastings.errors.gone"] }) },
        { status: 409 },
      );
    }
    throw redirect(`${here}?done=removed`, { status: 303 });
  }

  const submission = parseWithZod(formData, { schema: RecordTastingSchema });
  if (submission.status !== "success") return data<TastingActionData>({ form: "record", result: submission.reply() }, { status: 400 });
  const { tastedOn, storeCode, withGuest } = submission.value;
  const outcome = await recordTasting(shop.db, staff, member.id, { tastedOn, storeCode, withGuest: withGuest ?? false });
  if (outcome.kind === "recorded") throw redirect(`${here}?done=recorded`, { status: 303 });
  const refusal = (key: string, values?: Record<string, string | number>) =>
    data<TastingActionData>(
      { form: "record", result: submission.reply({ formErrors: [`memberTastings.errors.${key}`] }), values },
      { status: 400 },
    );
  if (outcome.kind === "limit") return refusal("limit", { count: outcome.allowed });
  if (outcome.kind === "outsideYear") {
    return refusal("outsideYear", {
      from: formatShopDay(outcome.year.firstDay, shop.locale),
      until: formatShopDay(outcome.year.lastDay, shop.locale),
    });
  }
  return refusal(outcome.kind);
}

export default function AgencyMember({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MemberPage
      member={loaderData.member}
      tastings={loaderData.tastings}
      today={loaderData.today}
      done={loaderData.done}
      reply={actionData}
    />
  );
}
