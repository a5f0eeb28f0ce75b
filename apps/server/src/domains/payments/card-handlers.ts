import { and, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { passengers } from '../passengers/schema';
import { cardProvidersOf } from './providers';
import { ensureCustomer } from './customers';
import {
  addCardFromToken,
  cardById,
  cardsOf,
  cardsPage,
  deleteCard,
  makeDefault,
  type Owner,
  ownerMustExist,
  type SavedCard,
  toSavedCardRow,
  updateCard,
  validityOf,
} from './saved-cards';

type Ctx = CallContext<Session>;

const saved = (card: SavedCard, what = 'saved') => ({
  data: toSavedCardRow(card),
  message: `${card.brand[0]?.toUpperCase()}${card.brand.slice(1)} card ending ${card.last4} ${what}.`,
});

const listOf = async (ctx: Ctx, owners: Owner[]) => {
  for (const owner of owners) await ownerMustExist(ctx, owner);
  return (await cardsOf(ctx, owners)).map(toSavedCardRow);
};

async function customerIdOf(ctx: Ctx, owner: Owner) {
  await ownerMustExist(ctx, owner);
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const customerId = await ensureCustomer(ctx, owner);
  return { ownerKind: owner.kind, ownerId: owner.id, provider: provider.name, customerId };
}

/** The passenger and, when they travel on a client's account, that client: a booking may use either's card. */
async function passengerAndClient(ctx: Ctx, passengerId: number): Promise<Owner[]> {
  const [row] = await ctx.db
    .select({ clientId: passengers.clientId })
    .from(passengers)
    .where(and(eq(passengers.companyId, ctx.session.companyId), eq(passengers.id, passengerId)));
  if (!row) throw notFound(`Passenger ${passengerId}`);
  const owners: Owner[] = [{ kind: 'passenger', id: passengerId }];
  if (row.clientId) owners.push({ kind: 'client', id: row.clientId });
  return owners;
}

/** The passenger signed in to the passenger app or web booker; a visitor or the office has no own cards. */
const signedInPassenger = (ctx: Ctx): Owner | null =>
  ctx.session.kind === 'passenger' && ctx.session.personId ? { kind: 'passenger', id: ctx.session.personId } : null;

export const savedCardHandlers = handlers({
  'Passenger/GetTableSummaryPassengerCreditCards': async (input, ctx) => {
    const owner: Owner = { kind: 'passenger', id: input.passengerID };
    await ownerMustExist(ctx, owner);
    return cardsPage(ctx, owner, input);
  },
  'Passenger/CreateCard': async (input, ctx) =>
    saved(await addCardFromToken(ctx, { kind: 'passenger', id: input.passengerID }, input)),
  'Passenger/UpdateCard': async (input, ctx) =>
    saved(await updateCard(ctx, await cardById(ctx, input.id, ['passenger']), input)),
  'Passenger/DeleteCard': async (input, ctx) => {
    const card = await cardById(ctx, input.id, ['passenger']);
    await deleteCard(ctx, card);
    return { data: { id: card.id }, message: saved(card, 'deleted').message };
  },
  'Passenger/GetPassengerCreditCardList': (input, ctx) => listOf(ctx, [{ kind: 'passenger', id: input.passengerID }]),
  'Passenger/GetPassengerCreditCardDetails': async (input, ctx) =>
    toSavedCardRow(await cardById(ctx, input.id, ['passenger'])),
  'Passenger/GetPassengerClientCreditCardList': async (input, ctx) =>
    listOf(ctx, await passengerAndClient(ctx, input.passengerID)),

  'Client/GetTableSummaryClientCreditCards': async (input, ctx) => {
    const owner: Owner = { kind: 'client', id: input.clientID };
    await ownerMustExist(ctx, owner);
    return cardsPage(ctx, owner, input);
  },
  'Client/CreateCard': async (input, ctx) =>
    saved(await addCardFromToken(ctx, { kind: 'client', id: input.clientID }, input)),
  'Client/UpdateCard': async (input, ctx) =>
    saved(await updateCard(ctx, await cardById(ctx, input.id, ['client']), input)),
  'Client/DeleteCard': async (input, ctx) => {
    const card = await cardById(ctx, input.id, ['client']);
    await deleteCard(ctx, card);
    return { data: { id: card.id }, message: saved(card, 'deleted').message };
  },
  'Client/GetClientCreditCards': (input, ctx) => listOf(ctx, [{ kind: 'client', id: input.clientID }]),
  'Client/GetClientCreditCardDetails': async (input, ctx) => toSavedCardRow(await cardById(ctx, input.id, ['client'])),

  'PaymentTransaction/GetCustomerCard': (input, ctx) => listOf(ctx, [{ kind: 'passenger', id: input.passengerID }]),
  'PaymentTransaction/GetCustomerID': (input, ctx) => customerIdOf(ctx, { kind: 'passenger', id: input.passengerID }),
  'PaymentTransaction/GetClientCustomerCard': (input, ctx) => listOf(ctx, [{ kind: 'client', id: input.clientID }]),
  'PaymentTransaction/GetClientCustomerID': (input, ctx) => customerIdOf(ctx, { kind: 'client', id: input.clientID }),
  'PaymentTransaction/MakePassengerCardDefault': async (input, ctx) =>
    saved(await makeDefault(ctx, await cardById(ctx, input.id, ['passenger'])), 'is now the default'),
  'PaymentTransaction/MakeClientCardDefault': async (input, ctx) =>
    saved(await makeDefault(ctx, await cardById(ctx, input.id, ['client'])), 'is now the default'),
  'PaymentTransaction/AddPassengerCreditCard': async (input, ctx) =>
    saved(await addCardFromToken(ctx, { kind: 'passenger', id: input.passengerID }, input)),
  'PaymentTransaction/GetDriverCreditCards': (input, ctx) => listOf(ctx, [{ kind: 'driver', id: input.driverID }]),
  'PaymentTransaction/CheckCardValidityAndDetails': async (input, ctx) => {
    return validityOf(await cardById(ctx, input.id, ['passenger', 'client', 'driver']));
  },
  'PaymentTransaction/GetWebBookerCustomerCard': async (_input, ctx) => {
    const me = signedInPassenger(ctx);
    return me ? (await cardsOf(ctx, [me])).map(toSavedCardRow) : [];
  },
  'PaymentTransaction/GetWebBookerCustomerID': async (_input, ctx) => {
    const me = signedInPassenger(ctx);
    if (!me) throw notFound('A saved-card customer (sign in as a passenger to keep cards)');
    return customerIdOf(ctx, me);
  },
});
