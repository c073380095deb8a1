import { describe, expect, it, vi } from "vitest";
import {
  AGE_CONFIRMATION_SECONDS,
  createVisitorCookies,
  FIRST_VISIT_MARKER_SECONDS,
  REMEMBERED_CONSENT_SECONDS,
} from "./visitor-cookies.server";

/** The configuration the cookies read (getEnv): the tests switch to production. */
const env = vi.hoisted(() => ({ nodeEnv: "test", sessionSecret: "a-test-secret-of-enough-length" }));
vi.mock("~/env.server", () => ({ getEnv: () => env }));

const cookies = createVisitorCookies();
const other = createVisitorCookies({ secrets: ["another-secret-of-enough-length"] });

/** The request `Cookie` header a browser sends back for these `Set-Cookie` values. */
const sent = (...setCookies: string[]) => setCookies.map((header) => header.split(";")[0]).join("; ");

describe("visitor cookies", () => {
  it("reads nothing answered from no cookie, and from cookies of another secret or tampered ones", async () => {
    const none = { confirmedAge: null, noticeSeen: false, consent: { QC: null, ON: null } };
    expect(await cookies.read(null)).toEqual(none);
    expect(await cookies.read(sent(await other.confirmAge(19, null), await other.rememberConsent("QC", "accepted", true)))).toEqual(none);
    const forged = (await cookies.confirmAge(18, null)).replace(
      /^age=[^.]+/,
      `age=${encodeURIComponent(btoa(JSON.stringify({ age: 19 })))}`,
    );
    expect((await cookies.read(sent(forged))).confirmedAge).toBeNull();
    expect(await cookies.read("age=not-even-base64; consent-qc=%%%")).toEqual(none);
  });

  it("remembers the age confirmed for 30 days, keeping a higher age confirmed before", async () => {
    const eighteen = await cookies.confirmAge(18, null);
    expect(eighteen).toContain(`Max-Age=${AGE_CONFIRMATION_SECONDS}`);
    expect(eighteen).toMatch(/HttpOnly/);
    expect(eighteen).toMatch(/SameSite=Lax/);
    expect((await cookies.read(sent(eighteen))).confirmedAge).toBe(18);
    expect((await cookies.read(sent(await cookies.confirmAge(19, 18)))).confirmedAge).toBe(19);
    expect((await cookies.read(sent(await cookies.confirmAge(18, 19)))).confirmedAge).toBe(19);
  });

  it("the first-visit marker lives one day", async () => {
    const marker = await cookies.markNoticeSeen();
    expect(marker).toContain(`Max-Age=${FIRST_VISIT_MARKER_SECONDS}`);
    expect((await cookies.read(sent(marker))).noticeSeen).toBe(true);
  });

  it("stores consent per province: remembered for 180 days, else a session cookie", async () => {
    const quebec = await cookies.rememberConsent("QC", "accepted", true);
    const ontario = await cookies.rememberConsent("ON", "refused", false);
    expect(quebec).toMatch(/^consent-qc=/);
    expect(quebec).toContain(`Max-Age=${REMEMBERED_CONSENT_SECONDS}`);
    expect(ontario).toMatch(/^consent-on=/);
    expect(ontario).not.toMatch(/Max-Age|Expires/i);
    expect((await cookies.read(sent(quebec, ontario))).consent).toEqual({ QC: "accepted", ON: "refused" });
    expect((await cookies.read(sent(ontario))).consent).toEqual({ QC: null, ON: "refused" });
  });

  it("over HTTPS the cookies are Secure, under the names the server gives", async () => {
    env.nodeEnv = "production";
    const secure = createVisitorCookies();
    env.nodeEnv = "test";
    const setCookie = await secure.rememberConsent("QC", "accepted", false);
    expect(setCookie).toMatch(/^__Host-consent-qc=/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect((await secure.read(sent(setCookie).replace("__Host-", ""))).consent.QC).toBeNull();
    expect((await secure.read(sent(setCookie))).consent.QC).toBe("accepted");
  });
});
