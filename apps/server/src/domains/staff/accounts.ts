import { and, asc, eq } from 'drizzle-orm';
import { roleNames, type schemas, type UserKind } from '@cabdesk/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { users } from '../auth/schema';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { inMemory } from '../reference-data/lookups';
import { staff } from './schema';
import { userById } from './users-list';

type Ctx = CallContext<Session>;
type CreateUserInput = z.output<typeof schemas.createUserInput>;
type CreateNewUserInput = z.output<typeof schemas.createNewUserInput>;
type PersonType = CreateUserInput['personType'];

interface Person {
  name: string;
  userId: number | null;
  staffRoleId: number | null;
}

const nouns: Record<PersonType, string> = { driver: 'Driver', passenger: 'Passenger', staff: 'Staff member' };

async function personOf(ctx: Ctx, type: PersonType, id: number): Promise<Person | undefined> {
  const { companyId } = ctx.session;
  if (type === 'driver') {
    const [d] = await ctx.db
      .select({ first: drivers.firstName, last: drivers.lastName, userId: drivers.userId })
      .from(drivers)
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, id)));
    return d && { name: `${d.first} ${d.last}`, userId: d.userId, staffRoleId: null };
  }
  if (type === 'passenger') {
    const [p] = await ctx.db
      .select({ first: passengers.firstName, last: passengers.surname, userId: passengers.userId })
      .from(passengers)
      .where(and(eq(passengers.companyId, companyId), eq(passengers.id, id)));
    return p && { name: `${p.first} ${p.last}`, userId: p.userId, staffRoleId: null };
  }
  const [s] = await ctx.db
    .select({ first: staff.firstName, last: staff.lastName, userId: staff.userId, staffRoleId: staff.staffRoleId })
    .from(staff)
    .where(and(eq(staff.companyId, companyId), eq(staff.id, id)));
  return s && { name: `${s.first} ${s.last}`, userId: s.userId, staffRoleId: s.staffRoleId };
}

async function linkPerson(ctx: Ctx, type: PersonType, id: number, userId: number): Promise<void> {
  const { companyId } = ctx.session;
  if (type === 'driver') {
    await ctx.db
      .update(drivers)
      .set({ userId })
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, id)));
  } else if (type === 'passenger') {
    await ctx.db
      .update(passengers)
      .set({ userId })
      .where(and(eq(passengers.companyId, companyId), eq(passengers.id, id)));
  } else {
    await ctx.db
      .update(staff)
      .set({ userId })
      .where(and(eq(staff.companyId, companyId), eq(staff.id, id)));
  }
}

async function insertAccount(
  ctx: Ctx,
  values: {
    kind: UserKind;
    email: string;
    password: string;
    fullName: string;
    staffRoleId?: number | null;
    clientId?: number | null;
  },
): Promise<number> {
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: ctx.session.companyId,
      kind: values.kind,
      email: values.email,
      passwordHash: await hashPassword(values.password),
      fullName: values.fullName,
      staffRoleId: values.staffRoleId ?? null,
      clientId: values.clientId ?? null,
      passwordChangedAt: new Date(),
      createdBy: ctx.session.userId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no row');
  await recordAudit(ctx, {
    entityType: 'user',
    entityId: user.id,
    action: 'created',
    changes: { email: { before: null, after: values.email }, kind: { before: null, after: values.kind } },
  });
  return user.id;
}

/** User/CreateUser: a sign-in account for a driver, passenger or staff member who has none. */
export async function createPersonAccount(ctx: Ctx, input: CreateUserInput) {
  const person = await personOf(ctx, input.personType, input.personId);
  const noun = nouns[input.personType];
  if (!person) throw notFound(`${noun} ${input.personId}`);
  if (person.userId) throw conflict(`${person.name} already has a sign-in account.`);
  if (input.personType === 'staff' && !person.staffRoleId) {
    throw conflict(`${person.name} has no staff role; give them one before opening an account.`);
  }
  const userId = await insertAccount(ctx, {
    kind: input.personType,
    email: input.email,
    password: input.password,
    fullName: person.name,
    staffRoleId: person.staffRoleId,
  });
  await linkPerson(ctx, input.personType, input.personId, userId);
  return { data: await userById(ctx, userId), message: `${person.name} can now sign in as ${input.email}.` };
}

const kindOf: Record<CreateNewUserInput['userType'], UserKind> = { Admin: 'admin', Staff: 'staff', Client: 'client' };

/** Users/CreateNewUser: an office (Admin, Staff) or client-portal (Client) account. */
export async function createAccount(ctx: Ctx, input: CreateNewUserInput) {
  const kind = kindOf[input.userType];
  const userId = await insertAccount(ctx, {
    kind,
    email: input.email,
    password: input.password,
    fullName: input.fullName,
    staffRoleId: kind === 'staff' ? input.staffRoleId : null,
    clientId: kind === 'client' ? input.clientId : null,
  });
  return { data: await userById(ctx, userId), message: `${input.fullName} can now sign in as ${input.email}.` };
}

function lookupRows(rows: { id: number; name: string; email: string; kind: UserKind }[]) {
  return rows.map(({ kind, ...r }) => ({ ...r, userType: roleNames[kind] as 'Admin' }));
}

const lookupColumns = { id: users.id, name: users.fullName, email: users.email, kind: users.kind };

export async function userLookup(ctx: Ctx, input: { page: number; perPage: number; q: string }) {
  const rows = await ctx.db
    .select(lookupColumns)
    .from(users)
    .where(and(eq(users.companyId, ctx.session.companyId), eq(users.isActive, true)))
    .orderBy(asc(users.fullName), asc(users.id));
  return inMemory(lookupRows(rows), input);
}

/** The client-portal accounts of one client of the company. */
export async function clientUserLookup(
  ctx: Ctx,
  input: { page: number; perPage: number; q: string; clientId: number },
) {
  const [client] = await ctx.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, input.clientId)));
  if (!client) throw notFound(`Client ${input.clientId}`);
  const rows = await ctx.db
    .select(lookupColumns)
    .from(users)
    .where(
      and(eq(users.companyId, ctx.session.companyId), eq(users.kind, 'client'), eq(users.clientId, input.clientId)),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  return inMemory(lookupRows(rows), input);
}
