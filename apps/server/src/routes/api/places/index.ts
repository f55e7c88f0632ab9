import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlaceLanguageQuerySchema, PlaceQueryParamsSchema, PlaceResultsSchema } from '@portal/domain/place';

const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:query',
    {
      schema: {
        tags: ['places'],
        summary: 'City suggestions: Mapbox when MAPBOX_TOKEN is set, else an offline gazetteer; failures give none',
        params: PlaceQueryParamsSchema,
        querystring: PlaceLanguageQuerySchema,
        response: { 200: PlaceResultsSchema },
      },
    },
    async (request) => {
      const { query } = request.params;
      const { language } = request.query;
      try {
        return { features: await app.places.search(query, language) };
      } catch (error) {
        request.log.warn({ err: error }, 'place suggestions failed');
        return { features: [] };
      }
    },
  );
};

export default placeRoutes;
