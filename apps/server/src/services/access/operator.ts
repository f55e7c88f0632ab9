import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AddCompanyMember, CompanyInput, FleetInput, GrantFleet, OperatorCompany, OperatorFleet, Person } from '@portal/domain/operator';
import { AddCompanyMemberSchema, CompanyInputSchema, FleetInputSchema, GrantFleetSchema } from '@portal/domain/operator';
import { TimeZoneSchema } from '@portal/domain/time';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { company, fleet, fleetMember, user } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { ensureUser, grantFleet } from './access';

/** Serialises creating and renaming fleets (and, with another key, companies), so two equal names cannot both pass the check. */
const FLEET_LOCK = 727301;
const COMPANY_LOCK = 727302;

const lock = (db: Db, key: number) => db.execute(sql`select pg_advisory_xact_lock(${key})`);

/** A fleet or an installer company: the operator creates and changes them, and their names stay unique. */
type NamedTable = typeof fleet | typeof company;
type Named<T extends NamedTable, Input, Data, Shown> = {
  table: T;
  what: 'Fleet' | 'Company';
  lockKey: number;
  input: z.ZodType<Data, Input>;
  assertUnique: (db: Db, data: Data, exceptId?: number) => Promise<void>;
  /** The row as the operator screen shows it. */
  read: (db: Db, id: number) => Promise<Shown>;
};

/**
 * Checks the input, then creates the row (without `id`) or changes row `id` under its kind's lock once its
 * names are unique (a row that is not there answers 404 first); answers the row as the operator screen shows it.
 */
async function saveNamed<T extends NamedTable, Input, Data extends PgInsertValue<T> & PgUpdateSetSource<T>, Shown>(
  db: Db,
  kind: Named<T, Input, Data, Shown>,
  input: Input,
  id?: number,
): Promise<Shown> {
  const { table, what, lockKey, assertUnique } = kind;
  const data = kind.input.parse(input);
  const savedId = await db.transaction(async (tx) => {
    await lock(tx as Db, lockKey);
    if (id === undefined) {
      await assertUnique(tx as Db, data);
      const [row] = await tx.insert(table).values(data).returning({ id: table.id });
      return row!.id;
    }
    const [current] = await tx.select({ id: table.id }).from(table as NamedTable).where(eq(table.id, id)).for('update');
    if (!current) throw notFound(what);
    await assertUnique(tx as Db, data, id);
    await tx.update(table).set(data).where(eq(table.id, id));
    return id;
  });
  return kind.read(db, savedId);
}

export async function setOperator(db: Db, rawEmail: string, isOperator: boolean) {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    if (!isOperator) {
      const [row] = await tx.update(user).set({ isOperator: false }).where(eq(user.email, email)).returning({ id: user.id });
      if (!row) throw new AppError('NOT_FOUND', `User ${email} not found`);
      return { userCreated: false };
    }
    const { id, created } = await ensureUser(tx as Db, email);
    await tx.update(user).set({ isOperator: true }).where(eq(user.id, id));
    return { userCreated: created };
  });
}

// ---- fleets ----

async function assertFleetUnique(db: Db, data: { slug: string; name: string }, exceptId?: number) {
  const clash = await db
    .select({ slug: fleet.slug, name: fleet.name })
    .from(fleet)
    .where(and(sql`(${fleet.slug} = ${data.slug} or lower(${fleet.name}) = lower(${data.name}))`, exceptId ? ne(fleet.id, exceptId) : undefined));
  if (clash.some((f) => f.slug === data.slug)) throw new AppError('FLEET_EXISTS', 'The fleet with this slug is already in use', { field: 'slug' });
  if (clash.length) throw new AppError('FLEET_EXISTS', 'The fleet with this name is already in use', { field: 'name' });
}

export async function listFleets(db: Db): Promise<OperatorFleet[]> {
  const [fleets, members] = await Promise.all([
    db.select().from(fleet).orderBy(asc(sql`lower(${fleet.name})`)),
    db
      .select({ fleetId: fleetMember.fleetId, role: fleetMember.role, id: user.id, name: user.name, email: user.email })
      .from(fleetMember)
      .innerJoin(user, eq(user.id, fleetMember.userId))
      .orderBy(asc(user.email)),
  ]);
  return fleets.map((f) => {
    const own = members.filter((m) => m.fleetId === f.id);
    return {
      id: f.id,
      slug: f.slug,
      name: f.name,
      customerName: f.customerName,
      primaryContact: f.primaryContact,
      email: f.email,
      timeZone: f.timeZone,
      admins: own.filter((m) => m.role === 'admin').map(({ id, name, email }) => ({ id, name, email })),
      memberCount: own.length,
    };
  });
}

async function fleetById(db: Db, id: number): Promise<OperatorFleet> {
  const found = (await listFleets(db)).find((f) => f.id === id);
  if (!found) throw notFound('Fleet');
  return found;
}

const FLEETS = { table: fleet, what: 'Fleet', lockKey: FLEET_LOCK, input: FleetInputSchema, assertUnique: assertFleetUnique, read: fleetById } as const;

export const createFleet = (db: Db, input: FleetInput): Promise<OperatorFleet> => saveNamed(db, FLEETS, input);
export const updateFleet = (db: Db, id: number, input: FleetInput): Promise<OperatorFleet> => saveNamed(db, FLEETS, input, id);

/** Sets the time zone a fleet's reports print times in (the CLI's `fleet time-zone`). */
export async function setFleetTimeZone(db: Db, slug: string, rawTimeZone: string): Promise<{ slug: string; timeZone: string }> {
  const parsed = TimeZoneSchema.safeParse(rawTimeZone);
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', `${rawTimeZone} is not a time zone name such as Europe/Berlin`, { field: 'timeZone' });
  const [row] = await db.update(fleet).set({ timeZone: parsed.data }).where(eq(fleet.slug, slug)).returning({ slug: fleet.slug, timeZone: fleet.timeZone });
  if (!row) throw notFound('Fleet');
  return row;
}

/** Grants a person (created when new) a fleet, by default as its admin; with a company, they join it too. */
export async function grantFleetById(db: Db, fleetId: number, input: GrantFleet): Promise<OperatorFleet> {
  const data = GrantFleetSchema.parse(input);
  const [target] = await db.select({ slug: fleet.slug }).from(fleet).where(eq(fleet.id, fleetId));
  if (!target) throw notFound('Fleet');
  await grantPerson(db, { email: data.email, fleet: target.slug, role: data.role, companyId: data.companyId ?? null });
  return fleetById(db, fleetId);
}

/** grant with an optional company, for the operator screen and the CLI. */
export async function grantPerson(db: Db, input: { email: string; fleet: string; role: 'installer' | 'admin'; companyId: number | null }) {
  return db.transaction(async (tx) => {
    if (input.companyId != null) {
      const [own] = await tx.select({ id: company.id }).from(company).where(eq(company.id, input.companyId));
      if (!own) throw notFound('Company');
    }
    const granted = await grantFleet(tx as Db, input);
    if (input.companyId != null) await tx.update(user).set({ companyId: input.companyId }).where(eq(user.id, granted.userId));
    return granted;
  });
}

// ---- installer companies ----

async function assertCompanyUnique(db: Db, data: { name: string; shortName: string }, exceptId?: number) {
  const clash = await db
    .select({ name: company.name, shortName: company.shortName })
    .from(company)
    .where(
      and(
        sql`(lower(${company.name}) = lower(${data.name}) or lower(${company.shortName}) = lower(${data.shortName}))`,
        exceptId ? ne(company.id, exceptId) : undefined,
      ),
    );
  if (clash.some((c) => c.name.toLowerCase() === data.name.toLowerCase())) {
    throw new AppError('COMPANY_EXISTS', 'An installer company with this name already exists', { field: 'name' });
  }
  if (clash.length) throw new AppError('COMPANY_EXISTS', 'An installer company with this short name already exists', { field: 'shortName' });
}

export async function listCompanies(db: Db): Promise<OperatorCompany[]> {
  const [companies, members] = await Promise.all([
    db.select().from(company).orderBy(asc(sql`lower(${company.name})`)),
    db.select({ companyId: user.companyId, id: user.id, name: user.name, email: user.email }).from(user).where(sql`${user.companyId} is not null`).orderBy(asc(user.email)),
  ]);
  return companies.map((c) => ({
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    email: c.email,
    members: members.filter((m) => m.companyId === c.id).map(({ id, name, email }): Person => ({ id, name, email })),
  }));
}

async function companyById(db: Db, id: number): Promise<OperatorCompany> {
  const found = (await listCompanies(db)).find((c) => c.id === id);
  if (!found) throw notFound('Company');
  return found;
}

export async function findCompanyByShortName(db: Db, shortName: string) {
  const [row] = await db.select().from(company).where(sql`lower(${company.shortName}) = lower(${shortName.trim()})`);
  if (!row) throw new AppError('NOT_FOUND', `Installer company ${shortName} not found`);
  return row;
}

const COMPANIES = { table: company, what: 'Company', lockKey: COMPANY_LOCK, input: CompanyInputSchema, assertUnique: assertCompanyUnique, read: companyById } as const;

export const createCompany = (db: Db, input: CompanyInput): Promise<OperatorCompany> => saveNamed(db, COMPANIES, input);
export const updateCompany = (db: Db, id: number, input: CompanyInput): Promise<OperatorCompany> => saveNamed(db, COMPANIES, input, id);

/** Puts a person (created when new) into a company; a person belongs to one company at a time. */
export async function addCompanyMember(db: Db, companyId: number, input: AddCompanyMember) {
  const data = AddCompanyMemberSchema.parse(input);
  const created = await db.transaction(async (tx) => {
    const [own] = await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId));
    if (!own) throw notFound('Company');
    const person = await ensureUser(tx as Db, data.email);
    await tx.update(user).set({ companyId }).where(eq(user.id, person.id));
    return person.created;
  });
  return { company: await companyById(db, companyId), userCreated: created };
}
