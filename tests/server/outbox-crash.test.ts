/**
 * A crash loses no confirmation e-mail and sends none twice (decision 027), against the built
 * server on the embedded database: guest shoppers go through the checkout in parallel, most of
 * them pay on the simulated payment page, some stop after placing their order; the server is
 * killed (SIGKILL) while the burst is running, then restarted on the same data folder. Within a
 * minute its outbox folder holds exactly one confirmation per PAID order — to the shopper, the
 * agency in Cc, its own Message-ID — and nothing for the orders left unpaid.
 *
 * Which orders are PAID is read from the restarted server (the confirmation page), not from what
 * the shoppers saw: a kill between the commit and the answer leaves a paid order whose shopper got
 * no answer.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, cookiesOf, startBuiltServer } from "../support/built-server";

const AGENCY = "agence@cuvee.test";
/** Shoppers in the burst; every third one stops after placing its order. */
const SHOPPERS = 12;
/** The kill comes once this many payments were answered (and an unpaid order was placed). */
const PAYMENTS_BEFORE_KILL = 4;
/** Delay between two shoppers' starts, ms: the later ones are still mid-checkout at the kill. */
const STAGGER_MS = 150;
/** How long the restarted server may take to send the e-mails (docs/decisions/027-transactional-outbox.md), ms. */
const OUTBOX_DEADLINE_MS = 60_000;

const outboxDir = mkdtempSync(path.join(tmpdir(), "cuvee-outbox-crash-"));
const env = { AGENCY_EMAIL: AGENCY, OUTBOX_DIR: outboxDir };
const servers: BuiltServer[] = [];

afterAll(async () => {
  for (const server of servers) {
    if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill("SIGKILL");
  }
  // The restarted server shares the first one's data folder: dispose() stops it and removes it.
  await servers.at(-1)?.dispose();
  rmSync(outboxDir, { recursive: true, force: true });
});

/** The browser's cookie jar: `name=value` pairs, later ones replacing earlier ones. */
function withCookies(jar: string, response: Response): string {
  const cookies = new Map(jar ? jar.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const) : []);
  for (const pair of cookiesOf(response)) cookies.set(pair.split("=")[0]!, pair);
  return [...cookies.values()].join("; ");
}

/** A reply the shopper did not expect (a refused form, a 500): a failure of the test, not of the crash. */
class UnexpectedAnswer extends Error {}

interface Shopper {
  index: number;
  email: string;
  /** Whether this shopper pays after placing (the others leave their order unpaid). */
  pays: boolean;
  /** The confirmation number of the order placed, once the place POST was answered. */
  confirmation?: string;
  /** The pay POST was answered 303 to the confirmation. */
  paidAnswered: boolean;
  /** The shopper went through every step it meant to. */
  finished: boolean;
  /** A request that got no answer (the kill), or an answer not expected. */
  interrupted?: string;
  unexpected?: string;
}

/** The add-to-cart forms of the Montréal shop's food items that are bought now (not reserved). */
async function foodItemsOnSale(origin: string): Promise<string[]> {
  const html = await (await fetch(`${origin}/products?inventory=MERCH_MTL&type=FOODS`)).text();
  const ids: string[] = [];
  for (const form of html.matchAll(/<form[^>]*data-testid="add-to-cart"[^>]*>([\s\S]*?)<\/form>/g)) {
    const id = /name="productInventoryId" value="(\d+)"/.exec(form[1]!)?.[1];
    if (id && /Ajouter au panier/.test(form[1]!)) ids.push(id);
  }
  return ids;
}

/** An order as the (restarted) shop shows it on its confirmation page. */
async function orderAsShown(origin: string, confirmation: string): Promise<{ orderNumber: string; paid: boolean }> {
  const response = await fetch(`${origin}/checkout/confirmation?order=${confirmation}`, { signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  expect(response.status, `confirmation page of ${confirmation}`).toBe(200);
  const shown = /data-testid="confirmation-number">([0-9A-Z]+)<\/strong>[\s\S]{0,200}?commande (?:<!-- -->)?([A-Z]+-\d+)/.exec(html);
  expect(shown?.[1], `confirmation number on its page`).toBe(confirmation);
  const paid = html.includes("Une confirmation a été envoyée à");
  const pending = html.includes("pas encore reçu votre paiement");
  expect(paid !== pending, `order ${confirmation} is either paid or pending`).toBe(true);
  // The payment page agrees: a paid order redirects to its confirmation, a pending one is payable.
  const payment = await fetch(`${origin}/checkout/payment?order=${confirmation}`, {
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await payment.body?.cancel();
  expect(payment.status, `payment page of ${confirmation}`).toBe(paid ? 302 : 200);
  return { orderNumber: shown![2]!, paid };
}

/** An .eml file's headers, folded lines joined, names lower-cased. */
function headersOf(file: string): Map<string, string> {
  const raw = readFileSync(file, "utf8")
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The .eml files of the outbox folder (a write's hidden temp file left by the kill is not one). */
function emlFiles(): string[] {
  return readdirSync(outboxDir).filter((name) => name.endsWith(".eml") && !name.startsWith("."));
}

describe("SIGKILL during a burst of paid checkouts", () => {
  it("sends exactly one confirmation, agency in Cc, per paid order after the restart, and none for unpaid orders", async () => {
    const first = await startBuiltServer(env);
    servers.push(first);
    const items = await foodItemsOnSale(first.origin);
    expect(items.length, "food items of the Montréal shop to buy").toBeGreaterThan(0);

    const run = randomBytes(3).toString("hex");
    const shoppers: Shopper[] = Array.from({ length: SHOPPERS }, (_, index) => ({
      index,
      email: `crash-${run}-${index}@example.com`,
      pays: index % 3 !== 2,
      paidAnswered: false,
      finished: false,
    }));

    let killedAt: number | null = null;
    const exited = new Promise<void>((resolve) => first.process.once("exit", () => resolve()));
    const maybeKill = () => {
      if (killedAt !== null) return;
      const payments = shoppers.filter((s) => s.paidAnswered).length;
      const unpaidPlaced = shoppers.some((s) => !s.pays && s.confirmation);
      if (payments >= PAYMENTS_BEFORE_KILL && unpaidPlaced) {
        killedAt = Date.now();
        first.process.kill("SIGKILL");
      }
    };

    const shop = async (shopper: Shopper) => {
      let jar = "";
      /** One request, its answer read whole; a request cut off by the kill throws after noting it. */
      const request = async (pathname: string, fields?: Record<string, string>) => {
        try {
          const response = await fetch(first.origin + pathname, {
            method: fields ? "POST" : "GET",
            body: fields ? new URLSearchParams(fields) : undefined,
            headers: {
              Cookie: jar,
              ...(fields
                ? { "Content-Type": "application/x-www-form-urlencoded", Origin: first.origin, "Sec-Fetch-Site": "same-origin" }
                : {}),
            },
            redirect: "manual",
            signal: AbortSignal.timeout(60_000),
          });
          const body = await response.text();
          jar = withCookies(jar, response);
          return { status: response.status, location: response.headers.get("Location") ?? "", body };
        } catch (error) {
          // No answer, or half of one: the kill (anything else — a timeout, a crash before the
          // kill — is a failure).
          if (killedAt === null) throw new UnexpectedAnswer(`${pathname}: no answer before the kill (${(error as Error).message})`);
          shopper.interrupted = pathname;
          throw error;
        }
      };
      const expectRedirect = (answer: Awaited<ReturnType<typeof request>>, step: string, to: RegExp) => {
        if (answer.status !== 303 || !to.test(answer.location)) {
          throw new UnexpectedAnswer(`${step}: ${answer.status} to "${answer.location}" ${answer.body.slice(0, 300)}`);
        }
        return answer.location;
      };

      await new Promise((r) => setTimeout(r, shopper.index * STAGGER_MS));
      const item = items[shopper.index % items.length]!;
      expectRedirect(await request("/shopping-cart", { intent: "add", productInventoryId: item, quantity: "1" }), "add", /\/shopping-cart/);
      expectRedirect(
        await request("/checkout", {
          intent: "contact",
          firstName: "Client",
          lastName: `Crash ${shopper.index}`,
          email: shopper.email,
          phone: "514 555-0123",
        }),
        "contact",
        /\/checkout\?step=2$/,
      );
      expectRedirect(
        await request("/checkout?step=2", { intent: "delivery", boutiqueCode: "STORE_MTL" }),
        "delivery",
        /\/checkout\?step=3$/,
      );
      const review = await request("/checkout?step=3");
      const lockVersion = /name="lockVersion" value="(\d+)"/.exec(review.body)?.[1];
      if (review.status !== 200 || !lockVersion) throw new UnexpectedAnswer(`step 3: ${review.status} without a lockVersion`);
      const payment = expectRedirect(
        await request("/checkout?step=3", { intent: "place", lockVersion, acceptRules: "on" }),
        "place",
        /\/checkout\/payment\?order=[0-9A-Z]+$/,
      );
      shopper.confirmation = new URL(payment, first.origin).searchParams.get("order")!;
      maybeKill();
      if (shopper.pays) {
        expectRedirect(
          await request(`/checkout/payment?order=${shopper.confirmation}`, { intent: "pay" }),
          "pay",
          new RegExp(`/checkout/confirmation\\?order=${shopper.confirmation}$`),
        );
        shopper.paidAnswered = true;
        maybeKill();
      }
      shopper.finished = true;
    };

    await Promise.all(
      shoppers.map((shopper) =>
        shop(shopper).catch((error: unknown) => {
          if (error instanceof UnexpectedAnswer) shopper.unexpected = error.message;
          else if (!shopper.interrupted) shopper.unexpected = String(error);
        }),
      ),
    );
    const summary = () =>
      shoppers
        .map(
          (s) =>
            `#${s.index} pays=${s.pays} order=${s.confirmation ?? "-"} paidAnswered=${s.paidAnswered} finished=${s.finished} interrupted=${s.interrupted ?? "-"}${s.unexpected ? ` UNEXPECTED ${s.unexpected}` : ""}`,
        )
        .join("\n");
    expect(
      shoppers.filter((s) => s.unexpected),
      summary(),
    ).toEqual([]);
    // Not vacuous: the kill came while the burst was running, after some payments and an unpaid order.
    expect(killedAt, `the kill condition was never met:\n${summary()}`).not.toBeNull();
    expect(shoppers.filter((s) => s.paidAnswered).length).toBeGreaterThanOrEqual(PAYMENTS_BEFORE_KILL);
    expect(
      shoppers.some((s) => !s.finished),
      `every shopper had finished before the kill:\n${summary()}`,
    ).toBe(true);
    await exited;
    expect(first.process.signalCode).toBe("SIGKILL");

    // Restart on the same data folder, secret and outbox folder.
    const restartedAt = Date.now();
    const second = await startBuiltServer(env, { dataDir: first.dataDir, secret: first.secret });
    servers.push(second);

    // What the restarted shop says of each order placed (an order whose place POST got no answer
    // is unknown here; it cannot have been paid, and any e-mail of it is caught below as extra).
    const orders = new Map<string, { shopper: Shopper; confirmation: string; paid: boolean }>();
    for (const shopper of shoppers.filter((s) => s.confirmation)) {
      const shown = await orderAsShown(second.origin, shopper.confirmation!);
      orders.set(shown.orderNumber, { shopper, confirmation: shopper.confirmation!, paid: shown.paid });
      if (shopper.paidAnswered) expect(shown.paid, `order ${shown.orderNumber} was answered paid`).toBe(true);
      if (!shopper.pays) expect(shown.paid, `order ${shown.orderNumber} was never paid`).toBe(false);
    }
    const paid = [...orders].filter(([, o]) => o.paid).map(([number]) => number);
    const unpaid = [...orders].filter(([, o]) => !o.paid).map(([number]) => number);
    expect(paid.length).toBeGreaterThanOrEqual(PAYMENTS_BEFORE_KILL);
    expect(unpaid.length).toBeGreaterThanOrEqual(1);

    // Within a minute of the restart, a confirmation for every paid order…
    const filesOf = (orderNumber: string) => emlFiles().filter((name) => name.includes(`-order-${orderNumber}-confirmation`));
    const missing = () => paid.filter((number) => filesOf(number).length === 0);
    while (missing().length > 0 && Date.now() - restartedAt < OUTBOX_DEADLINE_MS) await new Promise((r) => setTimeout(r, 250));
    const outboxLog = () =>
      second
        .log()
        .split("\n")
        .filter((line) => /outbox/i.test(line))
        .join("\n");
    const completeAfterMs = Date.now() - restartedAt;
    expect(
      missing(),
      `confirmations still missing ${Math.round((Date.now() - restartedAt) / 1000)} s after the restart\n${summary()}\n${outboxLog()}`,
    ).toEqual([]);
    // …and nothing more once the worker has had time for another round (a duplicate would show).
    await new Promise((r) => setTimeout(r, 6_000));

    const files = emlFiles();
    const messageIds = new Set<string>();
    for (const number of paid) {
      const mine = filesOf(number);
      expect(mine, `files of order ${number}: ${files.join(", ")}`).toHaveLength(1);
      const headers = headersOf(path.join(outboxDir, mine[0]!));
      expect(mine[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-order-${number}-confirmation\\.eml$`));
      expect(headers.get("to")).toBe(orders.get(number)!.shopper.email);
      expect(headers.get("cc")).toBe(AGENCY);
      const messageId = headers.get("message-id");
      expect(messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
      expect(messageIds.has(messageId!), `Message-ID ${messageId} twice`).toBe(false);
      messageIds.add(messageId!);
    }
    for (const number of unpaid) expect(filesOf(number), `e-mail of unpaid order ${number}`).toEqual([]);
    // No other e-mail at all: every file is the one confirmation of a paid order.
    expect(files.sort()).toEqual(paid.map((number) => filesOf(number)[0]!).sort());
    console.log(
      `outbox crash: ${paid.length} paid (${shoppers.filter((s) => s.paidAnswered).length} answered), ${unpaid.length} unpaid, ` +
        `${shoppers.filter((s) => s.interrupted).length} shoppers cut off by the kill; e-mails complete ` +
        `${Math.round(completeAfterMs / 100) / 10} s after the restart began`,
    );
  }, 180_000);
});
