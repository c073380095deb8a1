/**
 * The one msw mock of the reverse-geocoding service (docs/product.md#consent "GET reverse lookup by latitude and
 * longitude, limit 1, on a weather/geocoding service"), shaped like OpenWeatherMap's
 * `GET /geo/1.0/reverse?lat&lon&limit&appid`: an array of places with `name`, `state`, `country`.
 *
 * Configure the app with `GEOCODING_URL=${GEOCODING_MOCK_URL}` and
 * `GEOCODING_API_KEY=${GEOCODING_MOCK_KEY}`, then `setupServer(...geocodingHandlers)`. A wrong key
 * answers 401, like the real service. {@link failGeocoding} makes the next answers fail with a
 * status; {@link resetGeocodingMock} (in `afterEach`) undoes it and forgets the requests.
 */
import { http, HttpResponse } from "msw";

export const GEOCODING_MOCK_URL = "https://geocoding.test/geo/1.0/reverse";
export const GEOCODING_MOCK_KEY = "test-geocoding-key";

/** Places the mock knows, by rounded latitude,longitude; elsewhere it finds nothing (`[]`). */
export const PLACES = {
  toronto: { lat: 43.6532, lon: -79.3832, place: { name: "Toronto", state: "Ontario", country: "CA" } },
  ottawa: { lat: 45.4215, lon: -75.6972, place: { name: "Ottawa", state: "Ontario", country: "CA" } },
  montreal: { lat: 45.5019, lon: -73.5674, place: { name: "Montréal", state: "Quebec", country: "CA" } },
  gatineau: { lat: 45.4765, lon: -75.7013, place: { name: "Gatineau", state: "Quebec", country: "CA" } },
  burlington: { lat: 44.4759, lon: -73.2121, place: { name: "Burlington", state: "Vermont", country: "US" } },
} as const;

let failure: number | null = null;
const requests: URL[] = [];

/** Every later request answers this HTTP status (e.g. 500) until {@link resetGeocodingMock}. */
export function failGeocoding(status: number): void {
  failure = status;
}

/** The requests received so far (their URLs, query included). */
export function geocodingRequests(): URL[] {
  return [...requests];
}

export function resetGeocodingMock(): void {
  failure = null;
  requests.length = 0;
}

const key = (lat: number, lon: number) => `${lat.toFixed(2)},${lon.toFixed(2)}`;
const byPosition = new Map(Object.values(PLACES).map((p) => [key(p.lat, p.lon), p.place]));

export const geocodingHandlers = [
  http.get(GEOCODING_MOCK_URL, ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    if (failure !== null) return HttpResponse.json({ cod: failure, message: "mock failure" }, { status: failure });
    if (url.searchParams.get("appid") !== GEOCODING_MOCK_KEY) {
      return HttpResponse.json({ cod: 401, message: "Invalid API key." }, { status: 401 });
    }
    const place = byPosition.get(key(Number(url.searchParams.get("lat")), Number(url.searchParams.get("lon"))));
    return HttpResponse.json(
      place ? [{ ...place, lat: Number(url.searchParams.get("lat")), lon: Number(url.searchParams.get("lon")) }] : [],
    );
  }),
];
