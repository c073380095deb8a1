/**
 * The visitor's first minute through the `/visitor` route and the root loader's
 * `readVisitorState`: "use my location" reverse-geocoded through the configured service (msw:
 * tests/mocks/geocoding.ts) → /on in Ontario, /qc elsewhere, the visitor stays when the service
 * fails or is not configured (never a 500); the age, notice and consent answers and their cookies;
 * crawlers and the first-visit marker.
 */
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { requestContext } from "~/http/request-context";
import { action as visitorAction, loader as visitorLoader } from "~/routes/visitor";
import { provinceAt } from "~/visitor/geocoding.server";
import { readVisitorState } from "~/visitor/visitor.server";
import {
  failGeocoding,
  GEOCODING_MOCK_KEY,
  GEOCODING_MOCK_URL,
  geocodingHandlers,
  geocodingRequests,
  PLACES,
  resetGeocodingMock,
} from "../mocks/geocoding";
import { routeArgs } from "../support/loader-context";

// getEnv() caches the configuration on its first call: this file's own before any app module reads it.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-visitor-test-"));
  process.env.SESSION_SECRET = "visitor-test-secret-of-enough-length";
  // The route's geocoding service (getEnv().geocoding): the msw mock.
  const mock = await import("../mocks/geocoding");
  process.env.GEOCODING_URL = mock.GEOCODING_MOCK_URL;
  process.env.GEOCODING_API_KEY = mock.GEOCODING_MOCK_KEY;
});

const server = setupServer(...geocodingHandlers);
/** The service as the route is configured with it; tests of other configurations call provinceAt. */
const MOCK_CONFIG = { url: GEOCODING_MOCK_URL, apiKey: GEOCODING_MOCK_KEY };

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  resetGeocodingMock();
  server.resetHandlers();
});
afterAll(() => server.close());

let clients = 0;

interface Answer {
  status: number;
  location: string | null;
  setCookies: string[];
  data: { outcome?: string; back?: string } | undefined;
}

/** Posts a form to /visitor from a client address of its own (unless given), with these cookies. */
async function post(fields: Record<string, string>, options: { cookie?: string; clientAddress?: string } = {}): Promise<Answer> {
  const args = (await routeArgs(undefined as unknown as Database, "/visitor", {
    init: {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(options.cookie ? { Cookie: options.cookie } : {}) },
    },
  })) as { context: { set(key: unknown, value: unknown): void } };
  args.context.set(requestContext, { nonce: "", clientAddress: options.clientAddress ?? `198.51.100.${++clients}` });
  let result: unknown;
  try {
    result = await visitorAction(args as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), setCookies: result.headers.getSetCookie(), data: undefined };
  }
  const value = result as { type?: string; data?: Answer["data"]; init?: { status?: number } };
  if (value?.type === "DataWithResponseInit")
    return { status: value.init?.status ?? 200, location: null, setCookies: [], data: value.data };
  return { status: 200, location: null, setCookies: [], data: value as Answer["data"] };
}

const locate = (place: { lat: number; lon: number }, clientAddress?: string) =>
  post({ intent: "locate", lat: String(place.lat), lon: String(place.lon) }, { clientAddress });

/** The `Cookie` header a browser would send back. */
const sent = (setCookies: string[]) => setCookies.map((header) => header.split(";")[0]).join("; ");

describe("use my location (docs/product.md#consent)", () => {
  it("sends a position in Ontario to /on", async () => {
    expect(await locate(PLACES.toronto)).toMatchObject({ status: 303, location: "/on" });
    expect(await locate(PLACES.ottawa)).toMatchObject({ status: 303, location: "/on" });
  });

  it("sends a position in Quebec, or anywhere else, to /qc", async () => {
    expect(await locate(PLACES.montreal)).toMatchObject({ status: 303, location: "/qc" });
    expect(await locate(PLACES.gatineau)).toMatchObject({ status: 303, location: "/qc" });
    expect(await locate(PLACES.burlington)).toMatchObject({ status: 303, location: "/qc" });
    // The middle of the Atlantic: no place found, so not Ontario.
    expect(await locate({ lat: 40, lon: -40 })).toMatchObject({ status: 303, location: "/qc" });
  });

  it("asks the service for one place at that latitude and longitude, with the key", async () => {
    await locate(PLACES.toronto);
    const [request] = geocodingRequests();
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      lat: String(PLACES.toronto.lat),
      lon: String(PLACES.toronto.lon),
      limit: "1",
      appid: GEOCODING_MOCK_KEY,
    });
  });

  it("stays, with a message, when the service answers 500 (or refuses the key)", async () => {
    failGeocoding(500);
    expect(await locate(PLACES.toronto)).toMatchObject({ status: 200, location: null, data: { outcome: "failed" } });
    resetGeocodingMock();
    expect(await provinceAt(PLACES.toronto, { ...MOCK_CONFIG, apiKey: "wrong-key" })).toEqual({ error: "failed" });
    expect(await provinceAt(PLACES.toronto, MOCK_CONFIG)).toEqual({ province: "ON" });
  });

  it("stays when the service answers something else than places, or too late", async () => {
    server.use(http.get(GEOCODING_MOCK_URL, () => HttpResponse.text("<html>maintenance</html>")));
    expect(await locate(PLACES.toronto)).toMatchObject({ status: 200, data: { outcome: "failed" } });
    server.use(
      http.get(GEOCODING_MOCK_URL, async () => {
        await delay(1_000);
        return HttpResponse.json([PLACES.toronto.place]);
      }),
    );
    expect(await provinceAt(PLACES.toronto, MOCK_CONFIG, { timeoutMs: 50 })).toEqual({ error: "failed" });
  });

  it("says so when no service is configured, and calls nobody", async () => {
    expect(await provinceAt(PLACES.toronto, null)).toEqual({ error: "unconfigured" });
    expect(geocodingRequests()).toEqual([]);
  });

  it("refuses a position that is not one (400), and counts lookups per client (429)", async () => {
    expect(await post({ intent: "locate", lat: "91", lon: "0" })).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    expect(await post({ intent: "locate", lat: "abc", lon: "" })).toMatchObject({ status: 400 });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await locate(PLACES.montreal, "203.0.113.9")).status);
    expect(statuses.slice(0, 20).every((status) => status === 303)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("the answers", () => {
  it("yes at the age gate remembers the age and goes back to the page asked for", async () => {
    const answer = await post({ intent: "age", answer: "yes", age: "18", redirectTo: "/products?type=VIN" });
    expect(answer).toMatchObject({ status: 303, location: "/products?type=VIN" });
    expect(answer.setCookies).toHaveLength(1);
    expect(answer.setCookies[0]).toMatch(/^age=.*Max-Age=2592000/);
  });

  it("an age that is no province's legal age, or an unknown intent, is refused", async () => {
    expect(await post({ intent: "age", answer: "yes", age: "16", redirectTo: "/" })).toMatchObject({ status: 400, setCookies: [] });
    expect(await post({ intent: "sudo" })).toMatchObject({ status: 400 });
  });

  it("no at the age gate stores nothing and shows the refusal page, which links back", async () => {
    const answer = await post({ intent: "age", answer: "no", age: "18", redirectTo: "/providers?page=2" });
    expect(answer).toMatchObject({ status: 303, setCookies: [] });
    expect(answer.location).toBe("/visitor?redirectTo=%2Fproviders%3Fpage%3D2");
    const page = visitorLoader(await routeArgs(undefined as unknown as Database, answer.location!));
    expect(page.back).toBe("/providers?page=2");
    // The meta helper adds " · Cuvée".
    expect(page.title).toBe("À bientôt !");
  });

  it("never redirects off-site", async () => {
    for (const redirectTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      expect((await post({ intent: "age", answer: "yes", age: "19", redirectTo })).location).toBe("/");
    }
    const page = visitorLoader(await routeArgs(undefined as unknown as Database, "/visitor?redirectTo=//evil.example"));
    expect(page.back).toBe("/");
  });

  it("stores the consent of the province shown, remembered or not, and drops ?consent=open", async () => {
    const remembered = await post({ intent: "consent", province: "ON", answer: "refused", remember: "on", redirectTo: "/on?consent=open" });
    expect(remembered).toMatchObject({ status: 303, location: "/on" });
    expect(remembered.setCookies[0]).toMatch(/^consent-on=.*Max-Age=15552000/);
    const forNow = await post({ intent: "consent", province: "QC", answer: "accepted", redirectTo: "/products?consent=open&page=2" });
    expect(forNow.location).toBe("/products?page=2");
    expect(forNow.setCookies[0]).toMatch(/^consent-qc=/);
    expect(forNow.setCookies[0]).not.toMatch(/Max-Age|Expires/i);
  });
});

describe("what the layout shows (root loader)", () => {
  const human = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
  const request = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://shop.test${path}`, { headers: { "User-Agent": human, ...headers } });

  it("a new visitor gets the age gate, and no marker yet", async () => {
    const { state, headers } = await readVisitorState(request("/products"), "ON");
    expect(state).toEqual({ ageGate: { province: "ON", age: 19 }, notice: null, consent: null });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("a crawler gets nothing in the way and no cookie", async () => {
    const { state, headers } = await readVisitorState(
      request("/products", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      "QC",
    );
    expect(state).toEqual({ ageGate: null, notice: null, consent: null });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("after the age, the notice shows once: its page sets the one-day marker", async () => {
    const age = await post({ intent: "age", answer: "yes", age: "18", redirectTo: "/" });
    const first = await readVisitorState(request("/", { Cookie: sent(age.setCookies) }), "QC");
    expect(first.state.notice).toEqual({ province: "QC" });
    expect(first.state.consent).toEqual({ province: "QC", current: null, reopened: false });
    const [marker] = first.headers.getSetCookie();
    expect(marker).toMatch(/^visited=.*Max-Age=86400/);
    const next = await readVisitorState(request("/", { Cookie: sent([...age.setCookies, marker!]) }), "QC");
    expect(next.state.notice).toBeNull();
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it("the refusal page itself is never gated", async () => {
    const { state } = await readVisitorState(request("/visitor?redirectTo=/"), "QC");
    expect(state).toEqual({ ageGate: null, notice: null, consent: null });
  });
});
