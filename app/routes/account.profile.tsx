/**
 * /account/profile (docs/product.md#accounts my account, login required; address form): names,
 * e-mail, phone, delivery and billing addresses, newsletter flag, and the password change. A new
 * e-mail needs the current password and is told to the old address; a new password too easy to
 * guess is refused (docs/decisions/031). Two
 * forms told apart by `intent` (profile, password); a saved form answers 303 back here with
 * `?saved=profile|password`, a refused one 400 with its field errors and values (never the
 * passwords). The navigation guard sends a visitor without a session to /login. Never cached.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { changePassword, loadProfile, updateProfile } from "~/accounts/profile.server";
import { PASSWORD_FIELDS, PasswordChangeSchema, ProfileSchema, sameAddress } from "~/accounts/profile-forms";
import { type ProfileActionData, ProfilePage, type ProfilePageData } from "~/accounts/ui/profile-form";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { phoneForDisplay } from "~/lib/phone";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { readSession } from "~/session.server";
import { isWeakPassword, WEAK_PASSWORD_MESSAGE } from "~/users/password-strength.server";
import type { Route } from "./+types/account.profile";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "account");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** The guard's answer when the session's user is gone: log in again, then come back here. */
const toLogin = () => redirect(`/login?${new URLSearchParams({ redirect: "/account/profile" })}`);

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const profile = await loadProfile(shop.db, user.id);
  if (!profile) throw toLogin();
  const savedParam = new URL(request.url).searchParams.get("saved");
  const saved: ProfilePageData["saved"] = savedParam === "profile" || savedParam === "password" ? savedParam : null;
  const empty = { aptSuite: "", civicNumber: "", street: "", city: "", province: profile.province, postalCode: "" };
  const delivery = profile.delivery ?? empty;
  const billingSameAsDelivery = !profile.billing || sameAddress(profile.billing, profile.delivery);
  return {
    title: shop.t("profile.title"),
    saved,
    loadedAt: Date.now(),
    username: profile.email,
    defaults: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: phoneForDisplay(profile.phone),
      newsletter: profile.newsletter,
      delivery,
      billingSameAsDelivery,
      billing: profile.billing ?? delivery,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const form = await readFormData(request);
  const intent = form.get("intent");

  if (intent === "profile") {
    await enforceRateLimit("form", `profile:user:${user.id}`);
    const submission = parseWithZod(form, { schema: ProfileSchema });
    if (submission.status !== "success") {
      return data<ProfileActionData>({ intent, result: submission.reply({ hideFields: ["currentPassword"] }) }, { status: 400 });
    }
    const { currentPassword, ...input } = submission.value;
    const { outcome: saved } = await updateProfile(shop.db, user, input, currentPassword, shop.locale);
    if (saved === "not-found") throw toLogin();
    const refusal: Record<Exclude<typeof saved, "saved">, Record<string, string[]>> = {
      "email-taken": { email: ["profile.errors.emailTaken"] },
      "password-required": { currentPassword: ["profile.errors.currentPasswordForEmail"] },
      "wrong-password": { currentPassword: ["profile.errors.currentPasswordWrong"] },
    };
    if (saved !== "saved") {
      return data<ProfileActionData>(
        { intent, result: submission.reply({ fieldErrors: refusal[saved], hideFields: ["currentPassword"] }) },
        { status: 400 },
      );
    }
    throw redirect("/account/profile?saved=profile", { status: 303 });
  }

  if (intent === "password") {
    const submission = parseWithZod(form, { schema: PasswordChangeSchema });
    if (submission.status !== "success") {
      return data<ProfileActionData>({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
    }
    // Too easy to guess (docs/decisions/031).
    if (await isWeakPassword(submission.value.newPassword, [user.email, user.firstName, user.lastName])) {
      return data<ProfileActionData>(
        { intent, result: submission.reply({ fieldErrors: { newPassword: [WEAK_PASSWORD_MESSAGE] }, hideFields: PASSWORD_FIELDS }) },
        { status: 400 },
      );
    }
    const session = await readSession(request);
    if (!session) throw toLogin();
    const changed = await changePassword(shop.db, user.id, session.id, submission.value.currentPassword, submission.value.newPassword);
    if (changed === "not-found") throw toLogin();
    if (changed === "wrong-password") {
      return data<ProfileActionData>(
        {
          intent,
          result: submission.reply({
            fieldErrors: { currentPassword: ["profile.errors.currentPasswordWrong"] },
            hideFields: PASSWORD_FIELDS,
          }),
        },
        { status: 400 },
      );
    }
    throw redirect("/account/profile?saved=password", { status: 303 });
  }

  return data<ProfileActionData>(
    { intent: null, result: { status: "error", error: { "": ["profile.errors.unknownIntent"] } } },
    { status: 400 },
  );
}

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage data={loaderData} actionData={actionData} />;
}
