/**
 * Pages of the route table that later issues build (blog, content, accounts, checkout): a 200
 * page that says the section is coming, so the menus never lead to an error.
 */
import { useT } from "~/i18n/translation";
import { Link } from "react-router";
import { MessagePage } from "~/components/ui/message-page";

export function meta() {
  return [{ title: "Cuvée" }];
}

export default function ComingSoon() {
  const { t } = useT();
  return (
    <MessagePage title={t("comingSoon.title")}>
      <p className="mt-4">{t("comingSoon.message")}</p>
      <p className="mt-6">
        <Link to="/products" className="text-wine-700 underline">
          {t("comingSoon.browse")}
        </Link>
      </p>
    </MessagePage>
  );
}
