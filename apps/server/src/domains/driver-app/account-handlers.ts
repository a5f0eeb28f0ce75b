import { handlers } from '../../platform/http/context';
import { expenseTypeLookup } from '../reference-data/lookups';
import {
  createOwnAdjustment,
  deleteOwnAdjustment,
  listOwnAdjustments,
  updateOwnAdjustment,
} from './account-adjustments';
import { createOwnCard, deleteOwnCard, listOwnCards, updateOwnCard } from './account-cards';
import { ownDocuments } from './account-documents';
import { listOwnExpenses } from './account-expense-list';
import { addOwnExpense } from './account-expenses';
import { ownProfileList, updateOwnAccountProfile, updateOwnPersonalProfile } from './account-profile';
import { listOwnStatements } from './account-statements';
import { ownVehicleChoices } from './account-vehicles';
import { signedInDriverId } from './signed-in-driver';

export const driverAccountHandlers = handlers({
  'Driver/GetTableSummaryDriverDrvApp': (_input, ctx) => ownProfileList(ctx),
  'Driver/UpdateDriverPersonalProfile': (input, ctx) => updateOwnPersonalProfile(ctx, input),
  'Driver/UpdateDriverAccountProfile': (input, ctx) => updateOwnAccountProfile(ctx, input),
  'Driver/AddDriverExpenseFromDriverApp': (input, ctx) => addOwnExpense(ctx, input),
  'Driver/GetTableSummaryDriverExpenseDrvApp': (input, ctx) => listOwnExpenses(ctx, input),
  'Driver/GetDriverStatementsDrvApp': (input, ctx) => listOwnStatements(ctx, input),
  'Driver/GetDriverDocumentsDrvApp': (_input, ctx) => ownDocuments(ctx),
  'Driver/GetDriverVehicleListDrvApp': (input, ctx) => ownVehicleChoices(ctx, input),
  'Driver/GetTableSummaryDriverCreditCards': (input, ctx) => listOwnCards(ctx, input),
  'Driver/CreateCard': (input, ctx) => createOwnCard(ctx, input),
  'Driver/UpdateCard': (input, ctx) => updateOwnCard(ctx, input),
  'Driver/DeleteCard': (input, ctx) => deleteOwnCard(ctx, input.id),
  'Driver/GetAdjustmentsData': (input, ctx) => listOwnAdjustments(ctx, input),
  'Driver/CreateAdjustment': (input, ctx) => createOwnAdjustment(ctx, input),
  'Driver/UpdateAdjustments': (input, ctx) => updateOwnAdjustment(ctx, input),
  'Driver/DeleteAdjustments': (input, ctx) => deleteOwnAdjustment(ctx, input.id),
  'BookingExpenseType/GetExpenseTypeListDriverApp': (input, ctx) => {
    signedInDriverId(ctx);
    return expenseTypeLookup(ctx, input, true);
  },
});
