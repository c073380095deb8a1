import { describe, expect, it } from "vitest";
import { redactFields, redactText } from "./redact";

describe("redactText", () => {
  it("masks e-mails, plain and percent-encoded", () => {
    expect(redactText("login failed for client.qc@demo.cuvee.test")).toBe("login failed for [email]");
    expect(redactText("/login?email=client.on%40demo.cuvee.test")).toBe("/login?email=[email]");
  });

  it("masks our scrypt hashes, JSON Web Tokens, hex digests and random tokens", () => {
    expect(redactText("params: scrypt$16384$8$1$c2FsdA==$aGFzaA+/==, Marie")).toBe("params: [hash], Marie");
    expect(redactText("link eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl ok")).toBe("link [token] ok");
    expect(redactText("key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")).toBe("key [secret]");
    expect(redactText("sk_test_51HqLyjWDarjtT1zdp7dcXyZ")).toBe("[token]");
    expect(redactText("/reservations/42.Vh3kQ9zLm2Xp0aB7cD1eFg")).toBe("/reservations/42.[token]");
  });

  it("masks Canadian postal codes and card numbers that pass the Luhn check", () => {
    expect(redactText("ship to H2X 1Y4")).toBe("ship to [postal code]");
    expect(redactText("card 4242 4242 4242 4242 declined")).toBe("card [card] declined");
    expect(redactText("card 4000-0566-5566-5556")).toBe("card [card]");
  });

  it("keeps what is not personal: paths, slugs, UUIDs, SQLSTATE codes, numbers", () => {
    const text = "GET /produits/chateau-de-la-grande-maison-2019 3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b 23505 1234567890123";
    expect(redactText(text)).toBe(text);
  });
});

describe("redactFields", () => {
  it("masks personal fields by name, whatever they hold, and masks the other strings' content", () => {
    expect(
      redactFields({
        email: "x",
        firstName: "Marie",
        passwordHash: "h",
        address: { street: "1 rue" },
        orderNumber: "C-1042",
        note: "from a@b.ca",
        nested: { lastName: "Tremblay", count: 2 },
      }),
    ).toEqual({
      email: "[redacted]",
      firstName: "[redacted]",
      passwordHash: "[redacted]",
      address: "[redacted]",
      orderNumber: "C-1042",
      note: "from [email]",
      nested: { lastName: "[redacted]", count: 2 },
    });
  });
});
