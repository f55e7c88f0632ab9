import { z } from 'zod';
import { LOCALES } from './constants';

/** A city suggestion, in the shape of Mapbox's geocoding features. */
export const PlaceSchema = z.object({
  id: z.string(),
  place_name: z.string(),
  matching_place_name: z.string().optional(),
  text: z.string(),
  center: z.tuple([z.number(), z.number()]),
  context: z.array(z.object({ id: z.string(), text: z.string(), short_code: z.string().optional() })),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PlaceResultsSchema = z.object({ features: z.array(PlaceSchema) });
export type PlaceResults = z.infer<typeof PlaceResultsSchema>;

export { PLACE_QUERY_MIN_LENGTH, PLACE_SUGGESTION_LIMIT } from './constants';

/** Path of `GET /api/mapbox/locations/{query}`: what was typed so far. */
export const PlaceQueryParamsSchema = z.object({ query: z.string().trim().min(1).max(100) });
/** Query of the same route: the language of the names (an unknown one answers in English). */
export const PlaceLanguageQuerySchema = z.object({ language: z.enum(LOCALES).catch('en').default('en') });
