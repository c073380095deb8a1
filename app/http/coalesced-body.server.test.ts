import { describe, expect, it } from "vitest";
import { coalescedBody } from "./coalesced-body.server";

/** Every chunk the stream emits, as text, until it ends. */
function collect(body: ReturnType<typeof coalescedBody>): Promise<string[]> {
  const chunks: string[] = [];
  body.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    body.on("end", () => resolve(chunks));
    body.on("error", reject);
  });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalescedBody", () => {
  it("emits what is written in one turn as one chunk, and a later turn's writes apart", async () => {
    let ended = 0;
    const body = coalescedBody(() => ended++);
    const chunks = collect(body);
    for (const part of ["<html>", "<body>", "<main>"]) body.write(Buffer.from(part));
    await nextTurn();
    await nextTurn();
    body.write(Buffer.from("<p>deferred</p>"));
    await nextTurn();
    await nextTurn();
    body.write(Buffer.from("</main>"));
    body.end(Buffer.from("</html>"));
    expect(await chunks).toEqual(["<html><body><main>", "<p>deferred</p>", "</main></html>"]);
    expect(ended).toBe(1);
  });

  it("keeps every byte of a long page, in order", async () => {
    const body = coalescedBody(() => {});
    const chunks = collect(body);
    const parts = Array.from({ length: 500 }, (_, i) => `<li>${i} é</li>`);
    for (const part of parts) body.write(Buffer.from(part));
    body.end();
    const received = await chunks;
    expect(received.join("")).toBe(parts.join(""));
    expect(received).toHaveLength(1);
  });
});
