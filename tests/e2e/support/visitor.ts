/**
 * A visitor who has been through the first minute: age confirmed (19, which covers
 * Quebec's 18 and Ontario's 19), province notice seen, cookie consent answered in both provinces.
 * The cookies are signed by the server itself: the dialogs' forms are posted to `/visitor`, as a
 * browser without JavaScript would, and the `Set-Cookie` answers are kept. (The e2e server's
 * SESSION_SECRET is a fresh random one per run, scripts/e2e-server.sh, so nothing outside the
 * server could sign them; asking the server also proves the forms work.)
 *
 * Used by the e2e fixtures (every browser context starts with these cookies unless a spec opts
 * out with `test.use({ visitor: "new" })`) and by the bench (scripts/bench.ts). Plain fetch, no
 * Playwright: any Node script may use it.
 */

/** One cookie as the server set it. */
export interface ServerCookie {
  name: string;
  value: string;
  /** Seconds the cookie lives, or null for a session cookie. */
  maxAge: number | null;
}

/** The forms a visitor answers, in order: age (19 covers both provinces), notice, consent per province. */
const ANSWERS: Record<string, string>[] = [
  { intent: "age", answer: "yes", age: "19" },
  { intent: "notice" },
  { intent: "consent", province: "QC", answer: "accepted", remember: "on" },
  { intent: "consent", province: "ON", answer: "accepted", remember: "on" },
];

/**
 * Posts the visitor's answers to the shop at `origin` and returns the cookies it set.
 * @throws Error when an answer is not a 303 with a cookie (the shop is down or the route changed)
 */
export async function answerVisitorDialogs(origin: string): Promise<ServerCookie[]> {
  const cookies = new Map<string, ServerCookie>();
  for (const fields of ANSWERS) {
    const response = await fetch(`${origin}/visitor`, {
      method: "POST",
      body: new URLSearchParams({ ...fields, redirectTo: "/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    await response.arrayBuffer();
    const set = response.headers.getSetCookie();
    if (response.status !== 303 || set.length === 0) {
      throw new Error(`POST /visitor ${JSON.stringify(fields)} answered ${response.status} with ${set.length} cookie(s)`);
    }
    for (const header of set) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const maxAge = attributes.find((a) => /^max-age=/i.test(a));
      cookies.set(pair.slice(0, at), {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        maxAge: maxAge ? Number(maxAge.split("=")[1]) : null,
      });
    }
  }
  return [...cookies.values()];
}

/** The same cookies as one `Cookie` request header (`name=value; …`). */
export async function answeredVisitorCookieHeader(origin: string): Promise<string> {
  return (await answerVisitorDialogs(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
}
