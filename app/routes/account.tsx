/**
 * /account (SPEC §2 customer area, login required): the overview. The navigation guard sends a
 * visitor without a session to /login with this route as `redirect`. Never cached.
 */
import { noStoreHeaders } from "~/http/cache-headers";
import { Form } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { useT } from "~/i18n/translation";
import type { Route } from "./+types/account";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Cuvée" }];
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  return { title: shop.t("auth.account.title"), firstName: user.firstName, email: user.email };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <MessagePage title={t("auth.account.hello", { name: loaderData.firstName })} testId="account-page">
      <p className="mt-4">{t("auth.account.signedInAs", { email: loaderData.email })}</p>
      <p className="mt-2 text-sm text-stone-600">{t("auth.account.coming")}</p>
      <Form method="post" action="/logout" className="mt-6">
        <button type="submit" className="rounded border border-stone-400 px-4 py-2">
          {t("auth.logout")}
        </button>
      </Form>
    </MessagePage>
  );
}
