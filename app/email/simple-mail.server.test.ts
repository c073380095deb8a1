/** The simple e-mails: the text and HTML parts say the same thing, escaped in HTML. */
import { describe, expect, it } from "vitest";
import { agencyCopy, composeSimpleMail, renderSimpleMail } from "./simple-mail.server";

describe("composeSimpleMail", () => {
  const mail = composeSimpleMail({
    lang: "fr-CA",
    subject: "Votre commande <CUV-000042> & vous",
    paragraphs: ["Bonjour Zoé,", "Votre commande est prête <b>."],
    link: { label: "Voir votre commande", url: "https://shop.test/account/sales?a=1&b=2" },
    closing: "L’équipe Cuvée",
  });

  it("writes the paragraphs, the link with the language's punctuation and the closing as text", () => {
    expect(mail.subject).toBe("Votre commande <CUV-000042> & vous");
    expect(mail.text).toBe(
      "Bonjour Zoé,\n\nVotre commande est prête <b>.\n\nVoir votre commande\u00a0: https://shop.test/account/sales?a=1&b=2\n\nL’équipe Cuvée\n",
    );
  });

  it("writes the same in HTML, every value escaped, in the mail's language", () => {
    expect(mail.html).toContain('<html lang="fr-CA">');
    expect(mail.html).toContain("<title>Votre commande &lt;CUV-000042&gt; &amp; vous</title>");
    expect(mail.html).toContain('<p style="margin:8px 0">Votre commande est prête &lt;b&gt;.</p>');
    expect(mail.html).toContain('<a href="https://shop.test/account/sales?a=1&amp;b=2" style="color:#7b1e3a">Voir votre commande</a>');
    expect(mail.html.indexOf("Bonjour")).toBeLessThan(mail.html.indexOf("<a href"));
    expect(mail.html.indexOf("<a href")).toBeLessThan(mail.html.indexOf("L’équipe Cuvée"));
    expect(mail.html).not.toContain("<b>");
  });

  it("leaves the link out when there is none, and uses English punctuation in English", () => {
    const english = composeSimpleMail({
      lang: "en-US",
      subject: "S",
      paragraphs: ["Hello"],
      link: { label: "See", url: "https://x.test/" },
      closing: "Cuvée",
    });
    expect(english.text).toBe("Hello\n\nSee: https://x.test/\n\nCuvée\n");
    const bare = composeSimpleMail({ lang: "en-US", subject: "S", paragraphs: ["Hello"], closing: "Cuvée" });
    expect(bare.text).toBe("Hello\n\nCuvée\n");
    expect(bare.html).not.toContain("<a ");
  });

  it("keeps links among the paragraphs where they stand, in both parts", () => {
    const both = composeSimpleMail({
      lang: "en-US",
      subject: "S",
      paragraphs: ["If it was you:", { label: "Log in", url: "https://x.test/login?a=1&b=2" }, "Otherwise ignore it."],
      closing: "Cuvée",
    });
    expect(both.text).toBe("If it was you:\n\nLog in: https://x.test/login?a=1&b=2\n\nOtherwise ignore it.\n\nCuvée\n");
    expect(both.html).toContain('<p style="margin:8px 0"><a href="https://x.test/login?a=1&amp;b=2" style="color:#7b1e3a">Log in</a></p>');
    expect(both.html.indexOf("Log in")).toBeLessThan(both.html.indexOf("Otherwise"));
  });
});

describe("agencyCopy", () => {
  it("copies the agency when its address is set, trimmed, and no one when unset or blank", () => {
    expect(agencyCopy(" agence@cuvee.example ")).toEqual(["agence@cuvee.example"]);
    expect(agencyCopy(undefined)).toBeUndefined();
    expect(agencyCopy("  ")).toBeUndefined();
  });
});

describe("renderSimpleMail (the shop's React Email layout)", async () => {
  const input = {
    lang: "en-US" as const,
    subject: "Your order <CUV-000042> & you",
    paragraphs: ["Hello Zoé,", "Your order is ready <b>."],
    link: { label: "See your order", url: "https://shop.test/account/sales?a=1&b=2" },
    closing: "The Cuvée team",
  };
  const mail = await renderSimpleMail(input);

  it("keeps the text part of the simple frame", () => {
    expect(mail.subject).toBe(input.subject);
    expect(mail.text).toBe(composeSimpleMail(input).text);
  });

  it("heads the HTML with the logo by Content-ID and escapes every value, in order", () => {
    expect(mail.html).toMatch(/<html [^>]*lang="en-US"/);
    expect(mail.html).toMatch(/<img [^>]*alt="Cuvée"[^>]*src="cid:logo@cuvee"/);
    expect(mail.html).toContain("<title>Your order &lt;CUV-000042&gt; &amp; you</title>");
    expect(mail.html).toContain("Your order is ready &lt;b&gt;.");
    expect(mail.html).toMatch(/<a href="https:\/\/shop\.test\/account\/sales\?a=1&amp;b=2"[^>]*>See your order<\/a>/);
    expect(mail.html.indexOf("cid:logo@cuvee")).toBeLessThan(mail.html.indexOf("Hello Zoé"));
    expect(mail.html.lastIndexOf("Hello Zoé")).toBeLessThan(mail.html.indexOf("<a href"));
    expect(mail.html.indexOf("<a href")).toBeLessThan(mail.html.indexOf("The Cuvée team"));
    expect(mail.html).not.toContain("<b>");
  });
});
