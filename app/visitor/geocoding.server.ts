/**
 * The province notice's "use my location" (docs/product.md#consent first visit with geolocation, "GET reverse
 * lookup by latitude and longitude, limit 1, on a weather/geocoding service"): the
 * browser's position is reverse-geocoded through the configured service; a state that includes
 * "Ontario" means Ontario, anything else Quebec.
 *
 * The service is configured by GEOCODING_URL / GEOCODING_API_KEY (`getEnv().geocoding`,
 * app/env.server.ts); unconfigured, the visitor chooses their province themselves.
 */
import { z } from "zod";
import type { GeocodingConfig } from "~/env.server";
import type { Province } from "~/vocabulary";

/** The service's answer is awaited at most this long (ms). */
export const GEOCODING_TIMEOUT_MS = 5_000;

/** A position the browser reported: latitude −90…90, longitude −180…180 (degrees). */
export interface Position {
  lat: number;
  lon: number;
}

/** Where a position is: a province, or why it could not be told. */
export type LocateOutcome = { province: Province } | { error: "unconfigured" | "failed" };

const PlacesSchema = z.array(z.object({ state: z.string().optional() }).loose());

/**
 * Reverse-geocodes a position to the shop's province: "Ontario" in the place's state → ON, any
 * other place (or none found) → QC (docs/product.md#consent). Never throws.
 * @param config the service (`getEnv().geocoding`); null → `{ error: "unconfigured" }`
 * @returns `{ error: "failed" }` when the service answers an error status, something that is not
 *   a list of places, or nothing within {@link GEOCODING_TIMEOUT_MS}.
 */
export async function provinceAt(
  position: Position,
  config: GeocodingConfig | null,
  options: { timeoutMs?: number } = {},
): Promise<LocateOutcome> {
  if (!config) return { error: "unconfigured" };
  const url = new URL(config.url);
  url.searchParams.set("lat", String(position.lat));
  url.searchParams.set("lon", String(position.lon));
  url.searchParams.set("limit", "1");
  if (config.apiKey) url.searchParams.set("appid", config.apiKey);
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODING_TIMEOUT_MS),
    });
    if (!response.ok) {
      console.warn(`geocoding: ${url.origin}${url.pathname} answered ${response.status}`);
      await response.arrayBuffer().catch(() => undefined);
      return { error: "failed" };
    }
    const places = PlacesSchema.safeParse(await response.json());
    if (!places.success) {
      console.warn(`geocoding: ${url.origin}${url.pathname} answered something other than a list of places`);
      return { error: "failed" };
    }
    const state = places.data[0]?.state ?? "";
    return { province: /ontario/i.test(state) ? "ON" : "QC" };
  } catch (error) {
    console.warn(`geocoding: ${url.origin}${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { error: "failed" };
  }
}
