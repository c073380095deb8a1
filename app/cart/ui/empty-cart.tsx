import { useT } from "~/i18n/translation";
import { Link } from "react-router";

/** The empty cart's message and a way back to the catalogue. */
export function EmptyCart() {
  const { t } = useT();
  return (
    <section className="py-16 text-center" data-testid="empty-cart">
      <h1 className="font-serif text-3xl">{t("cart.emptyTitle")}</h1>
      <p className="mt-4">{t("cart.emptyMessage")}</p>
      <p className="mt-6">
        <Link to="/products" className="rounded bg-wine-700 px-4 py-2 text-white">
          {t("cart.continue")}
        </Link>
      </p>
    </section>
  );
}
