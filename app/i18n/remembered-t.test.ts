import type { TFunction } from "i18next";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { languageT, rememberingT } from "./remembered-t";

async function instance(language: string, strings: Record<string, unknown>) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { common: strings } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe("rememberingT", () => {
  it("answers as i18next does, for plain keys, interpolation, plurals and missing keys", async () => {
    const i18n = await instance("fr-CA", {
      cart: { title: "Panier", items_one: "{{count}} article", items_other: "{{count}} articles" },
      hello: "Bonjour {{name}}",
    });
    const t = rememberingT(i18n.t, "fr-CA", () => true);
    for (let round = 0; round < 2; round++) {
      expect(t("cart.title")).toBe("Panier");
      expect(t("hello", { name: "Léa" })).toBe("Bonjour Léa");
      expect(t("cart.items", { count: 1 })).toBe("1 article");
      expect(t("cart.items", { count: 3 })).toBe("3 articles");
      expect(t("nowhere.key")).toBe("nowhere.key");
    }
  });

  it("looks a plain key up once per language, and keeps languages apart", async () => {
    const fr = await instance("de-DE", { title: "Titre" });
    const en = await instance("it-IT", { title: "Title" });
    let lookups = 0;
    const counting = ((...args: Parameters<typeof fr.t>) => {
      lookups++;
      return fr.t(...args);
    }) as typeof fr.t;
    expect(rememberingT(counting, "de-DE", () => true)("title")).toBe("Titre");
    expect(rememberingT(counting, "de-DE", () => true)("title")).toBe("Titre");
    expect(lookups).toBe(1);
    expect(rememberingT(en.t, "it-IT", () => true)("title")).toBe("Title");
  });

  it("finds a string loaded after a first miss", async () => {
    const i18n = await instance("es-ES", {});
    const t = rememberingT(i18n.t, "es-ES", () => true);
    expect(t("late")).toBe("late");
    i18n.addResource("es-ES", "common", "late", "Arrivé");
    expect(t("late")).toBe("Arrivé");
  });

  it("remembers nothing while the language's strings are not held (the fallback answers meanwhile)", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "pt-PT", fallbackLng: "fr-CA", resources: { "fr-CA": { common: { title: "Titre" } } }, defaultNS: "common" });
    const t = rememberingT(i18n.t, "pt-PT", () => i18n.hasResourceBundle("pt-PT", "common"));
    expect(t("title")).toBe("Titre");
    i18n.addResourceBundle("pt-PT", "common", { title: "Título" });
    expect(t("title")).toBe("Título");
  });
});

describe("languageT", () => {
  async function twoLanguages() {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: "en-US",
      fallbackLng: "fr-CA",
      defaultNS: "common",
      interpolation: { escapeValue: false },
      resources: {
        "fr-CA": {
          common: { items_one: "{{count}} article", items_other: "{{count}} articles", hello: "Bonjour {{name}}", only: "Seulement ici" },
        },
        "en-US": { common: { items_one: "{{count}} item", items_other: "{{count}} items", hello: "Hello {{name}}" } },
      },
    });
    return i18n;
  }

  /** French `languageT` on an English instance, the fixed French `t` as its fallback, counted. */
  async function frenchLanguageT() {
    const i18n = await twoLanguages();
    const fixed = i18n.getFixedT("fr-CA", "common");
    let calls = 0;
    const fallback = ((...args: Parameters<TFunction>) => {
      calls++;
      return fixed(...args);
    }) as TFunction;
    return { t: languageT(i18n, "fr-CA", "common", fallback), fixed, fallbackCalls: () => calls };
  }

  it("answers in its own language, whatever the instance's, as the fixed t of that language does", async () => {
    const { t, fixed, fallbackCalls } = await frenchLanguageT();
    const calls: [string, Record<string, unknown>?][] = [
      ["items", { count: 1 }],
      ["items", { count: 3 }],
      ["hello", { name: "Léa" }],
      ["only"],
      ["nowhere.key", { count: 2 }],
      ["hello", { name: "Sam", lng: "en-US" }],
      ["hello", { name: "Zoé", lng: undefined, ns: undefined }],
    ];
    for (const [key, options] of calls) expect(t(key, options)).toBe(fixed(key, options));
    expect(t("items", { count: 3 })).toBe("3 articles");
    expect(t("hello", { name: "Sam", lng: "en-US" })).toBe("Hello Sam");
    expect(t("hello", { name: "Zoé", lng: undefined })).toBe("Bonjour Zoé");
    expect(fallbackCalls()).toBe(0);
  });

  it("passes calls of another shape to the fixed t (a default value given as a string)", async () => {
    const { t, fallbackCalls } = await frenchLanguageT();
    expect(t("missing", "Par défaut")).toBe("Par défaut");
    expect(fallbackCalls()).toBe(1);
  });
});
