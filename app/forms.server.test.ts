import { describe, expect, it } from "vitest";
import { readFormData } from "./forms.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://shop.test/x", { method: "POST", body, headers });

describe("readFormData", () => {
  it("takes NUL characters out of every text field, keeping the rest", async () => {
    const form = await readFormData(
      post(
        new URLSearchParams([
          ["title", "5 à 7\u0000 vigneron"],
          ["tag", "a"],
          ["tag", "\u0000b"],
        ]),
      ),
    );
    expect(form.get("title")).toBe("5 à 7 vigneron");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
  });

  it("keeps an uploaded file as it is", async () => {
    const sent = new FormData();
    sent.append("file", new File([new Uint8Array([0, 1, 2])], "x.bin"));
    sent.append("alt", "x\u0000");
    const form = await readFormData(post(sent));
    expect(form.get("alt")).toBe("x");
    expect(new Uint8Array(await (form.get("file") as File).arrayBuffer())).toEqual(new Uint8Array([0, 1, 2]));
  });

  it("reads a body that is no form as an empty form", async () => {
    const form = await readFormData(post("{", { "Content-Type": "multipart/form-data; boundary=x" }));
    expect([...form.keys()]).toEqual([]);
  });
});
