import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "cuvee-env-"));

/** What production needs besides SESSION_SECRET and PUBLIC_URL: the seller printed on invoices. */
const AGENCY = {
  AGENCY_NAME: "Vins & Cie",
  AGENCY_ADDRESS: "12 rue A | Québec (Québec) G1K 3A1",
  AGENCY_GST_NUMBER: "987654321 RT0002",
  AGENCY_QST_NUMBER: "9876543210 TQ0002",
  AGENCY_HST_NUMBER: "987654321 RT0002",
};

describe("parseEnv", () => {
  it("defaults to PGlite under DATA_DIR, port 3000 and a generated secret kept on disk", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    if ("error" in env) throw new Error(env.error);
    expect(env).toMatchObject({ databaseUrl: undefined, pgliteDir: path.join(dir, "pglite"), port: 3000, seedDemo: true });
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(env.sessionSecret);
    const again = parseEnv({ DATA_DIR: dir });
    expect("error" in again ? null : again.sessionSecret).toBe(env.sessionSecret);
  });

  it("takes a postgres:// URL and refuses any other URL with one line", () => {
    const ok = parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@127.0.0.1:5432/shop" });
    expect("error" in ok ? ok.error : ok.databaseUrl).toBe("postgres://u@127.0.0.1:5432/shop");
    const bad = parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" });
    expect(bad).toEqual({ error: expect.stringMatching(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/) });
    expect("error" in bad && bad.error.includes("\n")).toBe(false);
  });

  it("requires SESSION_SECRET in production", () => {
    expect(parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir() })).toEqual({
      error: "Invalid configuration: SESSION_SECRET is required when NODE_ENV=production",
    });
    const ok = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "a-long-enough-secret-value",
      PUBLIC_URL: "https://cuvee.example",
      ...AGENCY,
    });
    expect("error" in ok ? ok.error : ok.sessionSecret).toBe("a-long-enough-secret-value");
  });

  it("requires PUBLIC_URL in production, the origin links in e-mails are built on", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value", DATA_DIR: dataDir(), ...AGENCY };
    expect(parseEnv(production)).toEqual({
      error: "Invalid configuration: PUBLIC_URL is required when NODE_ENV=production (links in e-mails are built on it)",
    });
    expect(parseEnv({ ...production, PUBLIC_URL: "javascript:alert(1)" })).toEqual({
      error: "Invalid configuration: PUBLIC_URL must be an http(s):// address",
    });
    const ok = parseEnv({ ...production, PUBLIC_URL: "https://cuvee.example/shop/" });
    expect("error" in ok ? ok.error : ok.publicOrigin).toBe("https://cuvee.example");
    const local = parseEnv({ DATA_DIR: dataDir() });
    expect("error" in local ? local.error : local.publicOrigin).toBeNull();
  });

  it("treats a local start (CUVEE_ENV=development) as development even with NODE_ENV=production set by scripts/serve.mjs", () => {
    const env = parseEnv({ NODE_ENV: "production", CUVEE_ENV: "development", DATA_DIR: dataDir() });
    expect("error" in env ? env.error : env.nodeEnv).toBe("development");
  });

  it("refuses a port that is not a number", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), PORT: "http" })).toEqual({ error: expect.stringMatching(/^Invalid configuration: PORT/) });
  });

  it("reads TRUST_PROXY as Express's trust proxy setting and refuses anything else", () => {
    const trust = (value?: string) => {
      const env = parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value });
      return "error" in env ? env.error : env.trustProxy;
    };
    expect(trust(undefined)).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("1")).toBe(1);
    expect(trust("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
    expect(trust("yes please")).toMatch(/^Invalid configuration: TRUST_PROXY must be/);
  });

  it("reads the agency printed on invoices: demo values outside production, every one required in production", () => {
    const agency = (source: Record<string, string>) => {
      const env = parseEnv({ DATA_DIR: dataDir(), SESSION_SECRET: "a-long-enough-secret-value", ...source });
      return "error" in env ? env.error : env.agency;
    };
    expect(agency({})).toMatchObject({
      name: "Agence Cuvée inc.",
      gstNumber: "123456789 RT0001",
      qstNumber: "1234567890 TQ0001",
      supportEmail: "commandes@cuvee.example",
    });
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://cuvee.example" };
    expect(agency(production)).toBe("Invalid configuration: AGENCY_NAME is required when NODE_ENV=production (printed on invoices)");
    const { AGENCY_QST_NUMBER: _qst, ...withoutQst } = AGENCY;
    expect(agency({ ...production, ...withoutQst })).toBe(
      "Invalid configuration: AGENCY_QST_NUMBER is required when NODE_ENV=production (printed on invoices)",
    );
    expect(agency({ ...production, ...AGENCY })).toMatchObject({ name: "Vins & Cie", qstNumber: "9876543210 TQ0002" });
    expect(
      agency({
        AGENCY_NAME: "Vins & Cie",
        AGENCY_ADDRESS: "12 rue A | Québec (Québec) G1K 3A1",
        AGENCY_HST_NUMBER: "987654321 RT0002",
        AGENCY_EMAIL: "aide@vins.example",
      }),
    ).toMatchObject({
      name: "Vins & Cie",
      addressLines: ["12 rue A", "Québec (Québec) G1K 3A1"],
      hstNumber: "987654321 RT0002",
      supportEmail: "aide@vins.example",
    });
    expect(agency({ AGENCY_QST_NUMBER: "12345" })).toMatch(/^Invalid configuration: AGENCY_QST_NUMBER must look like 1234567890 TQ0001$/);
  });

  it("reads the geocoding service of 'use my location': none, OpenWeatherMap's with only a key, or the URL given", () => {
    const geocoding = (source: Record<string, string>) => {
      const env = parseEnv({ DATA_DIR: dataDir(), ...source });
      return "error" in env ? env.error : env.geocoding;
    };
    expect(geocoding({})).toBeNull();
    expect(geocoding({ GEOCODING_URL: "", GEOCODING_API_KEY: "" })).toBeNull();
    expect(geocoding({ GEOCODING_API_KEY: "k3y" })).toEqual({ url: "https://api.openweathermap.org/geo/1.0/reverse", apiKey: "k3y" });
    expect(geocoding({ GEOCODING_URL: "http://geo.internal/reverse" })).toEqual({ url: "http://geo.internal/reverse", apiKey: undefined });
    expect(geocoding({ GEOCODING_URL: "not a url" })).toBe("Invalid configuration: GEOCODING_URL must be an http(s):// address");
    expect(geocoding({ GEOCODING_URL: "ftp://geo.example/reverse" })).toBe(
      "Invalid configuration: GEOCODING_URL must be an http(s):// address",
    );
  });
});
