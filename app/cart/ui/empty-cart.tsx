import { Link } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { useT } from "~/i18n/translation";

/** The empty cart's message and a way back to the catalogue. */
export function EmptyCart() {
  const { t } = useT();
  return (
    <MessagePage title={t("cart.emptyTitle")} testId="empty-cart">
      <p className="mt-4">{t("cart.emptyMessage")}</p>
      <p className="mt-6">
        <Link to="/products" className="rounded bg-wine-700 px-4 py-2 text-white">
          {t("cart.continue")}
        </Link>
      </p>
    </MessagePage>
  );
}
