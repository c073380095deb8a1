/**
 * The customer's e-mail at each step the agency takes on an order ("the customer
 * receives an e-mail at each step"; docs/product.md#branch-follow-up agency order: the branch calls within 10 business days,
 * "else write to support"): agency fees received, ready for pick-up (naming the branch or boutique
 * and the follow-up date), picked up, refunded. Written in the order's language (`order.locale`),
 * wording from `locales/` (`fulfilment.mail.*`, and the order mails' greeting and signature).
 *
 * Composition (`composeFulfilmentMail`, pure) is kept apart from writing to the outbox
 * (`writeFulfilmentMail`, decision 027).
 * Each mail is a few paragraphs and a link, rendered by {@link renderSimpleMail} (the shop's React
 * Email layout with its logo: docs/decisions/044-order-e-mails.md).
 */
import type { Database } from "~/db/client.server";
import type { ComposedMail } from "~/email/mailer.server";
import { agencyCopy, renderSimpleMail } from "~/email/simple-mail.server";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatMoney, formatShopDay } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import type { Order } from "~/orders/orders.server";
import { enqueueMail } from "~/outbox/outbox.server";
import { LIQUOR_BOARD_OF, type Locale } from "~/vocabulary";
import type { FulfilmentStep } from "./fulfilment-rules";

/** What a step's e-mail shows. */
export interface FulfilmentMailData {
  /** The order after the step (its follow-up date, refund…). */
  order: Pick<
    Order,
    "orderNumber" | "locale" | "province" | "firstName" | "email" | "branchLabel" | "boutiqueCode" | "followUpDueOn" | "payNowCents"
  >;
  /** Where the customer reaches support (docs/product.md#branch-follow-up), e.g. "soutien@cuvee.example". */
  supportEmail: string;
  /** Absolute URL where the customer sees the order (their history, or the confirmation page for a guest). */
  orderUrl: string;
}

/**
 * Builds the e-mail of one step in the order's language ("en…" is English, anything else French):
 * - agencyFeesReceived: the fees are in, the order goes to the SAQ/LCBO;
 * - readyForPickup: the branch (`branchLabel`) with "the branch contacts you by <followUpDueOn>,
 *   else write to <supportEmail> with the order number", and/or the boutique where the shop items wait;
 * - pickedUp: thanks;
 * - refund: the amount refunded (`payNowCents`, formatted in the order's locale).
 * Every mail greets by first name, links to `orderUrl` and is signed by the shop.
 */
export function composeFulfilmentMail(step: FulfilmentStep, data: FulfilmentMailData): Promise<ComposedMail> {
  const { order } = data;
  const lang: Locale = order.locale.startsWith("en") ? "en-US" : "fr-CA";
  const t = translatorFor(lang);
  const board = LIQUOR_BOARD_OF[order.province];
  const number = order.orderNumber;
  const paragraphs: string[] = [t("mail.greeting", { firstName: order.firstName })];
  switch (step) {
    case "agencyFeesReceived":
      paragraphs.push(t("fulfilment.mail.agencyFeesReceived.body", { number, board }));
      break;
    case "readyForPickup":
      paragraphs.push(t("fulfilment.mail.readyForPickup.body", { number }));
      if (order.branchLabel !== null) {
        paragraphs.push(t("mail.pair", { label: t("fulfilment.mail.readyForPickup.branch", { board }), value: order.branchLabel }));
        if (order.followUpDueOn !== null) {
          paragraphs.push(
            t("fulfilment.mail.readyForPickup.followUp", {
              board,
              date: formatShopDay(order.followUpDueOn, lang),
              supportEmail: data.supportEmail,
              number,
            }),
          );
        }
      }
      if (order.boutiqueCode !== null) {
        paragraphs.push(t("fulfilment.mail.readyForPickup.boutique", { place: t(boutiqueNameKey(order.boutiqueCode)) }));
      }
      break;
    case "pickedUp":
      paragraphs.push(t("fulfilment.mail.pickedUp.body", { number }));
      break;
    case "refund":
      paragraphs.push(t("fulfilment.mail.refund.body", { number, amount: formatMoney(order.payNowCents, lang) }));
      break;
  }
  return renderSimpleMail({
    lang,
    subject: t(`fulfilment.mail.${step}.subject`, { number }),
    paragraphs,
    link: { label: t("mail.viewOrder"), url: data.orderUrl },
    closing: t("mail.signature"),
  });
}

/**
 * Writes a step's e-mail to `order.email` (tag `order-<number>-<step>`), the agency in copy when
 * `agencyEmail` is set, to the outbox in the caller's transaction (decision 027): it is sent once
 * the step is saved, and never without it.
 * @param db the transaction that records the step.
 */
export async function writeFulfilmentMail(
  db: Database,
  step: FulfilmentStep,
  data: FulfilmentMailData,
  agencyEmail: string | undefined,
): Promise<void> {
  await enqueueMail(
    db,
    {
      to: data.order.email,
      cc: agencyCopy(agencyEmail),
      ...(await composeFulfilmentMail(step, data)),
      tag: `order-${data.order.orderNumber}-${step}`,
    },
    { attachments: [{ kind: "logo" }] },
  );
}
