/**
 * Bad input never breaks a page (DEVELOPERS.md "never a 500"): malformed, huge, non-UTF-8 and
 * control-character values in every query of the catalogue, and junk posted to the cart and the
 * preference switches, answer 2xx, 3xx or 4xx. Deterministic: a fixed pseudo-random sequence.
 */
import { expect, test } from "./support/fixtures";

const KEYS = ["page", "inventory", "type", "a", "c", "r", "min", "max", "sort", "t", "size", "id", "productType", "pid", "lng"];
const VALUES = [
  "",
  "-1",
  "0",
  "99999999999999999999",
  "NaN",
  "%00",
  "%FF",
  "%E2%82",
  "abc",
  "FR",
  "IP",
  "VIN",
  "1,2,3",
  "1.5",
  "'\"<>",
  "%27--",
  "%0A",
  "x".repeat(400),
  "%F0%9F%8D%B7",
];
const PATHS = [
  "/products",
  "/providers",
  "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2022",
  "/providers/domaine-de-la-pepiere",
  "/",
  "/on",
  "/global-search",
  "/shopping-cart",
  "/not-found",
  "/products/%00",
];
const FIELDS = ["intent", "productInventoryId", "quantity", "lockVersion", "redirectTo", "locale", "province", "taxMode", "view"];

function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

test("junk in queries and posted forms never gives a server error", async ({ request }) => {
  const pick = sequence(7);
  const failures: string[] = [];
  for (let i = 0; i < 120; i++) {
    const path = PATHS[pick(PATHS.length)]!;
    const query = Array.from({ length: 1 + pick(4) }, () => `${KEYS[pick(KEYS.length)]}=${VALUES[pick(VALUES.length)]}`).join("&");
    const response = await request.get(`${path}?${query}`, { maxRedirects: 0 });
    if (response.status() >= 500) failures.push(`${response.status()} GET ${path}?${query}`);
  }
  for (let i = 0; i < 60; i++) {
    const target = pick(2) ? "/shopping-cart" : "/preferences";
    const body = Array.from({ length: 1 + pick(4) }, () => {
      const values = ["add", "update", "remove", ...VALUES];
      return `${FIELDS[pick(FIELDS.length)]}=${values[pick(values.length)]}`;
    }).join("&");
    const response = await request.post(target, {
      data: body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    if (response.status() >= 500) failures.push(`${response.status()} POST ${target} ${body}`);
  }
  const broken = await request.post("/shopping-cart", {
    data: "--zz\r\nbroken",
    headers: { "content-type": "multipart/form-data; boundary=zz" },
    maxRedirects: 0,
  });
  expect(broken.status()).toBe(400);
  expect(failures).toEqual([]);
});
