import { describe, expect, it } from "vitest";
import { composeOrderConfirmation, composeReservationReceived, type OrderMailData } from "./order-mail.server";

type Order = OrderMailData["order"];
type Line = OrderMailData["lines"][number];
type TaxLine = OrderMailData["taxLines"][number];
type Reservation = OrderMailData["reservations"][number];

/** Collapses every run of whitespace (incl. no-break and narrow no-break spaces) to one space. */
const norm = (s: string) => s.replace(/\s+/g, " ");

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    orderNumber: "CUV-000042",
    confirmationNumber: "K7PX3M9QTD",
    status: "PAID",
    province: "QC",
    locale: "fr-CA",
    guestId: "g-1",
    customerId: null,
    cartId: 7,
    cartLockVersion: 3,
    firstName: "Zoé",
    lastName: "Tremblay",
    email: "zoe@example.com",
    phone: "+15145550123",
    accountPasswordHash: null,
    branchId: 1,
    branchLabel: "SAQ Atwater, 1455 rue Peel, Montréal H3A 1T5",
    boutiqueCode: "STORE_MTL",
    agencyFeesCents: 7212,
    liquorBoardFeesCents: 28488,
    boutiqueCents: 10850,
    memberDiscountCents: 0,
    priceBenefit: null,
    gstCents: 861 + 1424,
    qstCents: 1717 + 2842,
    hstCents: 0,
    payNowCents: 20640,
    payAtLiquorBoardCents: 32754,
    totalCents: 53394,
    paymentProvider: "simulated",
    paymentDueAt: new Date("2026-11-20T15:00:00Z"),
    paidAt: new Date("2026-11-20T14:10:00Z"),
    closedAt: null,
    createdAt: new Date("2026-11-20T14:00:00Z"),
    fulfilmentStatus: "NEW",
    agencyFeesReceivedAt: null,
    readyForPickupAt: null,
    followUpDueOn: null,
    pickedUpAt: null,
    refundedAt: null,
    ...overrides,
  };
}

function line(overrides: Partial<Line>): Line {
  return {
    id: 1,
    orderId: 42,
    productInventoryId: 1,
    section: "SHOP",
    inventoryCode: "STORE_MTL",
    productName: "Produit",
    providerName: "Producteur",
    vintage: null,
    quantity: 1,
    uvc: 1,
    bottles: 1,
    unitPriceCents: 0,
    agencyFeeCents: 0,
    agencyFeesCents: 0,
    liquorBoardPartCents: 0,
    boutiqueCents: 0,
    memberDiscountCents: 0,
    zeroRated: false,
    ...overrides,
  };
}

const agencyLine = line({
  id: 1,
  productInventoryId: 11,
  section: "AGENCY",
  inventoryCode: "IP",
  productName: "Château Bel-Air Côtes de Bourg",
  providerName: "Château Bel-Air",
  vintage: 2019,
  quantity: 1,
  uvc: 12,
  bottles: 12,
  unitPriceCents: 2975,
  agencyFeeCents: 601,
  agencyFeesCents: 7212,
  liquorBoardPartCents: 28488,
});
const shopLine = line({
  id: 2,
  productInventoryId: 12,
  productName: "Tire-bouchon sommelier",
  providerName: "Cuvée",
  quantity: 2,
  bottles: 2,
  unitPriceCents: 5000,
  boutiqueCents: 10000,
});
const zeroRatedLine = line({
  id: 3,
  productInventoryId: 13,
  productName: "Confiture de bleuets",
  providerName: "Ferme Lac-Saint-Jean",
  unitPriceCents: 850,
  boutiqueCents: 850,
  zeroRated: true,
});

function tax(part: TaxLine["part"], code: TaxLine["code"], rate: number, amountCents: number): TaxLine {
  return { orderId: 42, part, code, rate, amountCents };
}

function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 5,
    orderId: 42,
    productInventoryId: 14,
    status: "REQUESTED",
    productName: "Domaine des Ardoisières Argile 2022",
    quantity: 2,
    byCase: true,
    bottles: 24,
    unitPriceCents: 3400,
    firstName: "Zoé",
    lastName: "Tremblay",
    email: "zoe@example.com",
    phone: "+15145550123",
    locale: "fr-CA",
    province: "QC",
    createdAt: new Date("2026-11-20T14:00:00Z"),
    notifiedAt: null,
    paymentDueAt: null,
    paymentOrderId: null,
    closedAt: null,
    ...overrides,
  };
}

function quebec(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    order: order(),
    lines: [agencyLine, shopLine, zeroRatedLine],
    taxLines: [
      tax("PAY_NOW", "GST", 5000, 861),
      tax("PAY_NOW", "QST", 9975, 1717),
      tax("LIQUOR_BOARD", "GST", 5000, 1424),
      tax("LIQUOR_BOARD", "QST", 9975, 2842),
    ],
    reservations: [reservation()],
    boutiqueName: "Boutique Montréal",
    confirmationUrl: "http://localhost:3000/checkout/confirmation?order=K7PX3M9QTD",
    ...overrides,
  };
}

function ontario(locale: "fr-CA" | "en-US"): OrderMailData {
  return quebec({
    order: order({
      province: "ON",
      locale,
      branchLabel: "LCBO Queens Quay, 15 Queens Quay E, Toronto M5E 0C5",
      boutiqueCode: "STORE_TORONTO",
      gstCents: 0,
      qstCents: 0,
      hstCents: 2238 + 3703,
      payNowCents: 20300,
      payAtLiquorBoardCents: 32191,
      totalCents: 52491,
    }),
    taxLines: [tax("PAY_NOW", "HST", 13000, 2238), tax("LIQUOR_BOARD", "HST", 13000, 3703)],
    reservations: [],
    boutiqueName: locale === "fr-CA" ? "Boutique Toronto" : "Toronto boutique",
  });
}

describe("composeOrderConfirmation — Quebec, French", async () => {
  const mail = await composeOrderConfirmation(quebec());
  const text = norm(mail.text);

  it("puts the order and confirmation numbers in the subject", async () => {
    expect(mail.subject).toContain("CUV-000042");
    expect(mail.subject).toContain("K7PX3M9QTD");
  });

  it("greets by first name and shows the confirmation number", async () => {
    expect(text).toContain("Bonjour Zoé,");
    expect(text).toContain("Numéro de confirmation : K7PX3M9QTD");
  });

  it("lists each line with vintage, quantity and amount", async () => {
    expect(text).toContain("Château Bel-Air Côtes de Bourg 2019 — 1 caisse de 12 — 357,00 $");
    expect(text).toContain("Tire-bouchon sommelier — 2 unités — 100,00 $");
    expect(text).toContain("Confiture de bleuets — 1 unité — 8,50 $");
  });

  it("shows the summary in parts that add up (each part with its own taxes), with the SAQ as board", () => {
    // 72,12 + 108,50 + 8,61 + 17,17 = 206,40; 284,88 + 14,24 + 28,42 = 327,54; 206,40 + 327,54 = 533,94.
    expect(text).toContain(
      "Frais d’agence : 72,12 $ Boutique : 108,50 $ TPS : 8,61 $ TVQ : 17,17 $ Payé maintenant : 206,40 $ " +
        "Frais SAQ : 284,88 $ TPS : 14,24 $ TVQ : 28,42 $ À payer à la SAQ (estimation, payable à la cueillette) : 327,54 $",
    );
    expect(text).toContain("Total : 533,94 $");
    expect(text).not.toContain("LCBO");
    expect(text).not.toContain("TVH");
  });

  it("gives the branch and the 10-business-day rule", async () => {
    expect(text).toContain("SAQ Atwater, 1455 rue Peel, Montréal H3A 1T5");
    expect(text).toContain("une fois les frais d’agence payés");
    expect(text).toContain("dans les 10 jours ouvrables; sinon, écrivez-nous");
  });

  it("gives the boutique with free pick-up", async () => {
    expect(text).toContain("Boutique Montréal");
    expect(text).toContain("La cueillette est gratuite.");
  });

  it("lists the reservations with the 5-day rule", async () => {
    expect(text).toContain("Domaine des Ardoisières Argile 2022 — 2 caisses de 12 — 24 bouteilles");
    expect(text).toContain("L’équipe de l’agence vous écrira lorsque le produit sera arrivé.");
    expect(text).toContain("Le paiement est dû dans les 5 jours suivant cet avis");
    expect(text).toContain("Rien n’est confirmé avant le paiement.");
  });

  it("links to the confirmation page in both parts", async () => {
    expect(mail.text).toContain("http://localhost:3000/checkout/confirmation?order=K7PX3M9QTD");
    expect(mail.html).toContain('href="http://localhost:3000/checkout/confirmation?order=K7PX3M9QTD"');
  });

  it("renders the same figures in the HTML part, in French", async () => {
    const html = norm(mail.html);
    expect(html).toMatch(/<html [^>]*lang="fr-CA"/);
    expect(html).toContain("206,40 $");
    expect(html).toContain("Frais d’agence");
    expect(html).toContain("10 jours ouvrables");
  });

  it("says 'À payer maintenant' while the order is not paid", async () => {
    const pending = await composeOrderConfirmation(quebec({ order: order({ status: "PENDING_PAYMENT", paidAt: null }) }));
    expect(norm(pending.text)).toContain("À payer maintenant : 206,40 $");
  });
});

describe("composeOrderConfirmation — sections", () => {
  it("leaves out the branch and its rule when there is no AGENCY line", async () => {
    const data = quebec({
      order: order({
        branchLabel: null,
        agencyFeesCents: 0,
        liquorBoardFeesCents: 0,
        payAtLiquorBoardCents: 0,
      }),
      lines: [shopLine],
      reservations: [],
    });
    const text = norm((await composeOrderConfirmation(data)).text);
    expect(text).not.toContain("jours ouvrables");
    expect(text).not.toContain("Frais SAQ");
    expect(text).not.toContain("À payer à la SAQ");
    expect(text).not.toContain("Réservations");
    expect(text).toContain("La cueillette est gratuite.");
  });

  it("leaves out the boutique when there is no SHOP line", async () => {
    const data = quebec({
      order: order({ boutiqueCode: null, boutiqueCents: 0 }),
      lines: [agencyLine],
      boutiqueName: null,
    });
    const text = norm((await composeOrderConfirmation(data)).text);
    expect(text).not.toContain("cueillette est gratuite");
    expect(text).not.toContain("Boutique :");
    expect(text).toContain("10 jours ouvrables");
  });
});

describe("composeOrderConfirmation — Ontario", () => {
  it("uses the LCBO and TVH in French", async () => {
    const mail = await composeOrderConfirmation(ontario("fr-CA"));
    const text = norm(mail.text);
    expect(mail.subject).toContain("CUV-000042");
    // 72,12 + 108,50 + 22,38 = 203,00; 284,88 + 37,03 = 321,91.
    expect(text).toContain("Boutique : 108,50 $ TVH : 22,38 $ Payé maintenant : 203,00 $");
    expect(text).toContain("Frais LCBO : 284,88 $ TVH : 37,03 $ À payer");
    expect(text).toContain("À payer à la LCBO (estimation, payable à la cueillette) : 321,91 $");
    expect(text).toContain("Total : 524,91 $");
    expect(text).toContain("LCBO Queens Quay, 15 Queens Quay E, Toronto M5E 0C5");
    expect(text).toContain("10 jours ouvrables");
    expect(text).not.toContain("SAQ");
    expect(text).not.toContain("TPS");
    expect(text).not.toContain("TVQ");
  });

  it("gives English text for an en-US order", async () => {
    const mail = await composeOrderConfirmation(ontario("en-US"));
    const text = norm(mail.text);
    expect(mail.subject).toBe("Cuvée — Your order CUV-000042 (confirmation K7PX3M9QTD)");
    expect(text).toContain("Hello Zoé,");
    expect(text).toContain("Confirmation number: K7PX3M9QTD");
    expect(text).toContain("Château Bel-Air Côtes de Bourg 2019 — 1 case of 12 — $357.00");
    expect(text).toContain("Tire-bouchon sommelier — 2 units — $100.00");
    expect(text).toContain("Agency fees: $72.12");
    expect(text).toContain("Boutique: $108.50 HST: $22.38 Paid now: $203.00");
    expect(text).toContain("LCBO fees: $284.88 HST: $37.03 To pay");
    expect(text).toContain("To pay at the LCBO (estimate, due at pick-up): $321.91");
    expect(text).toContain("Total: $524.91");
    expect(text).toContain("within 10 business days; otherwise, write to us");
    expect(text).toContain("Toronto boutique. Pick-up is free.");
    expect(text).not.toMatch(/Bonjour|Frais|caisse|TVH/);
    expect(mail.html).toMatch(/<html [^>]*lang="en-US"/);
  });

  it("labels a discovery subscriber's discount as such, in French and English (decision 048)", async () => {
    // 10 % of the agency fees 72,12 = 7,21. HST on 72,12 − 7,21 + 100,00 (the jam is zero-rated)
    // = 164,91 → 21,44; paid now 72,12 + 108,50 − 7,21 + 21,44 = 194,85; total 194,85 + 321,91.
    const discovery = (locale: "fr-CA" | "en-US") => {
      const data = ontario(locale);
      return {
        ...data,
        order: {
          ...data.order,
          memberDiscountCents: 721,
          priceBenefit: "DISCOVERY" as const,
          hstCents: 2144 + 3703,
          payNowCents: 19485,
          totalCents: 51676,
        },
        taxLines: [tax("PAY_NOW", "HST", 13000, 2144), tax("LIQUOR_BOARD", "HST", 13000, 3703)],
      };
    };
    const fr = norm((await composeOrderConfirmation(discovery("fr-CA"))).text);
    expect(fr).toContain("Boutique : 108,50 $ Rabais abonné découverte : -7,21 $ TVH : 21,44 $ Payé maintenant : 194,85 $");
    expect(fr).toContain("Total : 516,76 $");
    expect(fr).not.toContain("Rabais membre");
    const en = norm((await composeOrderConfirmation(discovery("en-US"))).text);
    expect(en).toContain("Boutique: $108.50 Discovery subscriber discount: -$7.21 HST: $21.44 Paid now: $194.85");
    expect(en).not.toContain("Member discount");
    // A member's order keeps the member's label.
    const member = discovery("fr-CA");
    const memberText = norm((await composeOrderConfirmation({ ...member, order: { ...member.order, priceBenefit: "MEMBER" } })).text);
    expect(memberText).toContain("Rabais membre : -7,21 $");
    expect(memberText).not.toContain("abonné");
  });

  it("gives the 5-day rule in English", async () => {
    const data = {
      ...ontario("en-US"),
      reservations: [reservation({ locale: "en-US", province: "ON" })],
    };
    const text = norm((await composeOrderConfirmation(data)).text);
    expect(text).toContain("The agency team will write to you when the product arrives.");
    expect(text).toContain("Payment is due within 5 days of that notice");
    expect(text).toContain("Nothing is confirmed before payment.");
  });
});

describe("the logo", () => {
  it("heads both mails' HTML part, by Content-ID, with the shop's name as its text", async () => {
    for (const { html } of [await composeOrderConfirmation(quebec()), await composeReservationReceived(quebec())]) {
      expect(html).toMatch(/<img [^>]*alt="Cuvée"[^>]*src="cid:logo@cuvee"/);
    }
  });
});

describe("HTML escaping", () => {
  it("escapes product names, first name and labels", async () => {
    const evil = `Vin <script>alert("x")</script> & co`;
    const data = quebec({
      order: order({
        firstName: "<b>Zoé</b>",
        branchLabel: "SAQ <i>Atwater</i>",
      }),
      lines: [{ ...agencyLine, productName: evil }, shopLine],
      reservations: [reservation({ productName: evil })],
      boutiqueName: "Boutique <img src=x onerror=alert(1)>",
    });
    for (const { html } of [await composeOrderConfirmation(data), await composeReservationReceived(data)]) {
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>Zoé");
      // The only image is the shop's logo, by Content-ID (the boutique's name is text).
      expect(html.match(/<img [^>]*>/g)).toEqual([expect.stringContaining('src="cid:logo@cuvee"')]);
      expect(html).toContain("Vin &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
      expect(html).toContain("&lt;b&gt;Zoé&lt;/b&gt;");
    }
    expect((await composeOrderConfirmation(data)).html).toContain("SAQ &lt;i&gt;Atwater&lt;/i&gt;");
    // The text part is plain text: kept as typed.
    expect((await composeOrderConfirmation(data)).text).toContain(evil);
  });
});

describe("composeReservationReceived", () => {
  it("lists each reservation with cases or units, bottles and the 5-day rule (French)", async () => {
    const data = quebec({
      reservations: [
        reservation(),
        reservation({
          id: 6,
          productName: "Cidre de glace",
          byCase: false,
          quantity: 3,
          bottles: 3,
        }),
      ],
    });
    const mail = await composeReservationReceived(data);
    const text = norm(mail.text);
    expect(mail.subject).toContain("CUV-000042");
    expect(mail.subject).toContain("Réservation");
    expect(text).toContain("Bonjour Zoé,");
    expect(text).toContain("Domaine des Ardoisières Argile 2022 — 2 caisses de 12 — 24 bouteilles");
    expect(text).toContain("Cidre de glace — 3 unités");
    expect(text).toContain("L’équipe de l’agence vous écrira lorsque le produit sera arrivé.");
    expect(text).toContain("Le paiement est dû dans les 5 jours suivant cet avis");
    expect(text).toContain("Rien n’est confirmé avant le paiement.");
    expect(mail.html).toContain("5 jours");
  });

  it("is in English for an en-US order", async () => {
    const data = quebec({ order: order({ locale: "en-US" }) });
    const mail = await composeReservationReceived(data);
    const text = norm(mail.text);
    expect(mail.subject).toBe("Cuvée — Reservation received (order CUV-000042)");
    expect(text).toContain("Domaine des Ardoisières Argile 2022 — 2 cases of 12 — 24 bottles");
    expect(text).toContain("Payment is due within 5 days of that notice");
    expect(text).toContain("Nothing is confirmed before payment.");
  });
});

describe("composeOrderConfirmation — line thumbnails", () => {
  const image = { url: "https://cuvee.example/media/abc/320.jpg", width: 320, height: 427, alt: "Bouteille de <Bel-Air> & co" };

  it("starts a line with its product's JPEG thumbnail, sized, with its alt text escaped", async () => {
    const mail = await composeOrderConfirmation(quebec({ lineImages: new Map([[11, image]]) }));
    const thumbnails = (mail.html.match(/<img [^>]*>/g) ?? []).filter((tag) => !tag.includes("cid:logo@cuvee"));
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toContain('src="https://cuvee.example/media/abc/320.jpg"');
    expect(thumbnails[0]).toContain('width="64"');
    expect(thumbnails[0]).toContain('height="85"');
    expect(thumbnails[0]).toContain('alt="Bouteille de &lt;Bel-Air&gt; &amp; co"');
    // The text part does not change.
    expect(mail.text).toBe((await composeOrderConfirmation(quebec())).text);
  });

  it("shows no image column when no line has a photo", async () => {
    expect((await composeOrderConfirmation(quebec({ lineImages: new Map() }))).html).toBe((await composeOrderConfirmation(quebec())).html);
  });
});
