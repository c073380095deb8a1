/**
 * Pages of the route table that later issues build (blog, content, accounts, checkout): a 200
 * page that says the section is coming, so the menus never lead to an error.
 */
import { useT } from "~/i18n/translation";
import { Link } from "react-router";

export function meta() {
  return [{ title: "Cuvée" }];
}

export default function ComingSoon() {
  const { t } = useT();
  return (
    <section className="py-16 text-center">
      <h1 className="font-serif text-3xl">{t("comingSoon.title")}</h1>
      <p className="mt-4">{t("comingSoon.message")}</p>
      <p className="mt-6">
        <Link to="/products" className="text-wine-700 underline">
          {t("comingSoon.browse")}
        </Link>
      </p>
    </section>
  );
}
