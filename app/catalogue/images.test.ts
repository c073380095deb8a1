import { describe, expect, it } from "vitest";
import { bottleSvg, initialsOf, providerSvg } from "./images";

describe("bottleSvg", () => {
  it('escapes < & " in the label', () => {
    const svg = bottleSvg({ color: "red", typeCode: "VIN", label: `A<b>&"c"` });
    expect(svg).toContain("A&lt;b&gt;&amp;&quot;c&quot;");
    expect(svg).not.toContain("<b>");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("draws a different silhouette per type and stays under 2 KB", () => {
    const types = ["VIN", "WINES", "CIDRE", "SPIRITUEUX", "APERITIF", "BIERE", "BOISSON", "FOODS", "GOODS", "UNKNOWN"];
    const shapes = new Set<string>();
    for (const typeCode of types) {
      const svg = bottleSvg({ color: "white", typeCode, label: "Muscadet Clos des Briords très long nom" });
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(new TextEncoder().encode(svg).length).toBeLessThan(2048);
      shapes.add(svg.replace(/<title>.*<\/title>/, ""));
    }
    // VIN, WINES, CIDRE and unknown share the wine bottle; spirits and aperitifs share one shape.
    expect(shapes.size).toBe(6);
  });

  it("fills with the product colour, a hex colour, or the type's default", () => {
    expect(bottleSvg({ color: "red", typeCode: "VIN", label: "x" })).toContain("#6d1a2a");
    expect(bottleSvg({ color: "#123456", typeCode: "VIN", label: "x" })).toContain("#123456");
    const fallback = bottleSvg({ color: 'nope" onload="alert(1)', typeCode: "BIERE", label: "x" });
    expect(fallback).not.toContain("onload");
    expect(fallback).toContain("#d6a23a");
  });

  it("cuts long labels on the bottle but keeps the full title", () => {
    const svg = bottleSvg({ color: "red", typeCode: "VIN", label: "Ceps Centenaires La Mémé" });
    expect(svg).toContain("<title>Ceps Centenaires La Mémé</title>");
    expect(svg).toContain(">Ceps Centenaires…</text>");
  });
});

describe("providerSvg", () => {
  it('escapes < & " in the name and initials', () => {
    const svg = providerSvg({ name: `<Evil> & "Co"`, color: "#7b1e3a" });
    expect(svg).toContain("<title>&lt;Evil&gt; &amp; &quot;Co&quot;</title>");
    expect(svg).toContain(">EC</text>");
    expect(svg).not.toContain("<Evil>");
  });

  it("uses the colour, or a neutral default tile when null or invalid", () => {
    expect(providerSvg({ name: "Marcel Lapierre", color: "#7a1f3d" })).toContain('fill="#7a1f3d"');
    const neutral = providerSvg({ name: "Marcel Lapierre", color: null });
    expect(neutral).toContain('fill="#e7e2da"');
    expect(providerSvg({ name: "X", color: "red;x" })).toBe(providerSvg({ name: "X", color: null }));
    expect(new TextEncoder().encode(neutral).length).toBeLessThan(2048);
  });

  it("picks readable ink: light on dark tiles, dark on light tiles", () => {
    expect(providerSvg({ name: "A", color: "#111111" })).toContain('fill="#fbf8f3">A<');
    expect(providerSvg({ name: "A", color: "#f2f2f2" })).toContain('fill="#2a2420">A<');
  });
});

describe("initialsOf", () => {
  it("skips estate words and particles", () => {
    expect(initialsOf("Marcel Lapierre")).toBe("ML");
    expect(initialsOf("Domaine de la Pépière")).toBe("P");
    expect(initialsOf("Clos du Tue-Bœuf")).toBe("TB");
    expect(initialsOf("Weingut Brand")).toBe("B");
    expect(initialsOf("COS")).toBe("C");
    expect(initialsOf("Vignoble de l'Orpailleur")).toBe("O");
    expect(initialsOf("   ")).toBe("?");
  });
});
