import { beforeAll, describe, expect, it } from "vitest";
import {
  ensureGuestId,
  GUEST_SESSION_LIFETIME_SECONDS,
  readSession,
  renewSession,
  rotateSession,
  SESSION_RENEWAL_INTERVAL_SECONDS,
} from "./session.server";

const HOUR = 60 * 60 * 1000;
const t0 = Date.UTC(2026, 10, 23, 12);

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-secret-of-enough-length";
});

/** A request carrying the cookie of a Set-Cookie header. */
function withCookie(setCookie: string): Request {
  return new Request("http://shop.test/", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("guest sessions (docs/product.md#guests: 1 day, renewed on use)", () => {
  it("starts a session with its issue time, and reads it back while it lives", async () => {
    const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"), t0);
    const session = await readSession(withCookie(setCookie), t0 + 23 * HOUR);
    expect(session).toMatchObject({ guestId, issuedAt: t0, renewedAt: t0 });
  });

  it("refuses a session not renewed for longer than its lifetime", async () => {
    const { setCookie } = await ensureGuestId(new Request("http://shop.test/"), t0);
    expect(await readSession(withCookie(setCookie), t0 + GUEST_SESSION_LIFETIME_SECONDS * 1000 + 1)).toBeNull();
  });

  it("renews at most once an hour, and a guest who comes back daily keeps the same identity", async () => {
    const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"), t0);
    expect(await renewSession(withCookie(setCookie), t0 + SESSION_RENEWAL_INTERVAL_SECONDS * 1000 - 1)).toBeNull();
    let cookie = setCookie;
    for (let day = 1; day <= 5; day++) {
      const renewal = await renewSession(withCookie(cookie), t0 + day * 20 * HOUR);
      expect(renewal?.session).toMatchObject({ guestId, issuedAt: t0, renewedAt: t0 + day * 20 * HOUR });
      cookie = renewal!.setCookie;
    }
  });

  it("starts a new guest when the cookie expired, tampered or from the future", async () => {
    const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"), t0);
    const later = await ensureGuestId(withCookie(setCookie), t0 + 2 * GUEST_SESSION_LIFETIME_SECONDS * 1000);
    expect(later.guestId).not.toBe(guestId);
    const tampered = setCookie.replace(/^session=./, (m) => (m.endsWith("e") ? "session=f" : "session=e"));
    expect(await readSession(withCookie(tampered), t0)).toBeNull();
    expect(await readSession(withCookie(setCookie), t0 - HOUR)).toBeNull();
  });

  it("rotates the session id and issue time on a change of privilege, keeping the guest's cart owner", async () => {
    const { setCookie } = await ensureGuestId(new Request("http://shop.test/"), t0);
    const before = (await readSession(withCookie(setCookie), t0 + HOUR))!;
    const rotated = await rotateSession(withCookie(setCookie), t0 + HOUR);
    expect(rotated.session.id).not.toBe(before.id);
    expect(rotated.session).toMatchObject({ guestId: before.guestId, issuedAt: t0 + HOUR });
    expect(await readSession(withCookie(rotated.setCookie), t0 + HOUR)).toEqual(rotated.session);
  });
});
