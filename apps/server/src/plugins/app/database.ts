import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** The database (PostgreSQL or PGlite), opened by the caller, and its query builder. */
export const databasePlugin = fp(async (app: FastifyInstance, options: { database: Database }) => {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
});
