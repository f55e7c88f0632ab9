// Prints the weekly rollout mail (HTML) of the rollout API tests' sample fleet, for the README's
// picture of it: `node --import tsx e2e/rollout-mail-preview.ts en|de`. An in-memory database, no server.
import { openDatabase } from '../apps/server/src/db/client';
import { buildRolloutMail } from '../apps/server/src/services/reports/rollout-mail';
import { rolloutFleet } from '../apps/server/src/services/reports/rollout';
import { seedRollout } from '../apps/server/test/rollout-fixture';

const locale = process.argv[2] === 'de' ? 'de' : 'en';
const database = await openDatabase({});
await database.migrate();
const now = new Date();
await seedRollout(database.db, now);
const fleet = await rolloutFleet(database.db, 'roll');
const mail = await buildRolloutMail(
  database.db,
  { fleetId: fleet.id, slug: fleet.slug, name: fleet.name, stallDays: fleet.stallDays, share: null, readOnly: true },
  { email: 'rita@roll.example', locale, token: 'sample-unsubscribe-token' },
  'https://portal.example',
  now,
);
process.stdout.write(JSON.stringify({ subject: mail.subject, html: mail.html }));
await database.close();
