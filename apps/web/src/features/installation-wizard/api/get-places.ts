import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PLACE_QUERY_MIN_LENGTH, type Locale } from '@portal/domain/constants';
import { PlaceResultsSchema, type Place } from '@portal/domain/place';
import { apiRequest } from '@/lib/api-client';
import { placeKeys } from '@/lib/query-keys';

/** City suggestions; the server answers an empty list on its own problems, and so does a failed call here. */
export async function getPlaces(query: string, language: Locale, { signal }: { signal?: AbortSignal } = {}): Promise<Place[]> {
  try {
    const result = await apiRequest(`/api/mapbox/locations/${encodeURIComponent(query)}?language=${language}`, { schema: import.meta.env.DEV ? PlaceResultsSchema : undefined, signal });
    return result.features;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const getPlacesQueryOptions = (query: string, language: Locale) =>
  queryOptions({
    queryKey: placeKeys.search(language, query),
    queryFn: ({ signal }) => getPlaces(query, language, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
    meta: { errorModal: false },
  });

export function usePlaces(query: string, language: Locale) {
  const trimmed = query.trim();
  return useQuery({
    ...getPlacesQueryOptions(trimmed, language),
    enabled: trimmed.length >= PLACE_QUERY_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
