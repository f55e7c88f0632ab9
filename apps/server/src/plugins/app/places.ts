import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '@portal/domain/constants';
import type { Place } from '@portal/domain/place';
import { searchMapboxPlaces, searchOfflinePlaces } from '../../services/places/places';

declare module 'fastify' {
  interface FastifyInstance {
    places: { search(query: string, language: Locale): Promise<Place[]> };
  }
}

/** City suggestions: Mapbox when MAPBOX_TOKEN is set, else the offline gazetteer. */
export const placesPlugin = fp(async (app: FastifyInstance) => {
  const token = app.env.mapboxToken;
  app.decorate('places', {
    search: async (query: string, language: Locale) => (token ? searchMapboxPlaces(query, language, token) : searchOfflinePlaces(query, language)),
  });
});
