import { bookingExpenseTypeRow } from '../reference-data/schemas';
import { deletedRow, lookup } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, noInput } from '../fields';
import {
  driverAccountProfileInput,
  driverAdjustmentCreateInput,
  driverAdjustmentListInput,
  driverAdjustmentRow,
  driverAdjustmentUpdateInput,
  driverAppDocumentsAnswer,
  driverAppProfile,
  driverAppProfileListInput,
  driverAppVehicleListInput,
  driverAppVehicleRow,
  driverCardCreateInput,
  driverCardListInput,
  driverCardRow,
  driverCardUpdateInput,
  driverExpenseAddInput,
  driverExpenseRow,
  driverOwnExpenseListInput,
  driverOwnExpenseRow,
  driverOwnStatementListInput,
  driverOwnStatementRow,
  driverPersonalProfileInput,
} from './account-schemas';

export const driverAccount = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    GetTableSummaryDriverDrvApp: list({
      input: driverAppProfileListInput,
      row: driverAppProfile,
      summary: "The signed-in driver's own profile as a one-row list (bank account only by its last four).",
    }),
    UpdateDriverPersonalProfile: mutation({
      verb: 'update',
      input: driverPersonalProfileInput,
      output: driverAppProfile,
      summary:
        'Changes the personal fields it is sent (names, e-mail, phones, address, postcode, birth date, nationality); "" or null clears one.',
    }),
    UpdateDriverAccountProfile: mutation({
      verb: 'update',
      input: driverAccountProfileInput,
      output: driverAppProfile,
      summary: 'Sets the bank account pay goes to: account name, 6-digit sort code, 8-digit account number.',
    }),
    AddDriverExpenseFromDriverApp: mutation({
      verb: 'create',
      input: driverExpenseAddInput,
      output: driverExpenseRow,
      upload: 'receipt',
      summary:
        "Records a pending expense of a driver-app expense type, optionally on one of the driver's own jobs, with an optional receipt (image or PDF up to 10 MB).",
    }),
    GetTableSummaryDriverExpenseDrvApp: list({
      input: driverOwnExpenseListInput,
      row: driverOwnExpenseRow,
      addedBecause:
        'the driver app shows the expenses a driver sent and what the office decided; the spec names only the call that adds one',
      summary:
        "The signed-in driver's own expenses, newest first; status filters pending, approved or declined; q searches the type and note.",
    }),
    GetDriverStatementsDrvApp: list({
      input: driverOwnStatementListInput,
      row: driverOwnStatementRow,
      addedBecause:
        'the driver app lists the statements a driver is paid by, to open each as PDF; the office lists need the DriverPayment subject',
      summary:
        "The signed-in driver's approved and settled statements, newest period first: the totals, the net (> 0 the office pays the driver, < 0 the driver owes), what is settled and what is left. Drafts are never listed.",
    }),
    GetDriverDocumentsDrvApp: read({
      input: noInput(),
      output: driverAppDocumentsAnswer,
      addedBecause:
        'the driver app warns a driver of expiring or missing papers; the office calls for documents need the Document subject',
      summary:
        "The signed-in driver's documents with expiry state and missing mandatory types, and those of the vehicle of the driver's open shift (or null).",
    }),
    GetDriverVehicleListDrvApp: list({
      input: driverAppVehicleListInput,
      row: driverAppVehicleRow,
      addedBecause:
        'a driver starting a shift in the app picks the vehicle driven; the office vehicle list needs the Vehicle subject',
      summary:
        "Active vehicles the signed-in driver may start a shift with: the driver's own first, then free ones; another driver's own car is left out; takenBy names who has it on shift.",
    }),
    GetTableSummaryDriverCreditCards: list({
      input: driverCardListInput,
      row: driverCardRow,
      summary: "The signed-in driver's saved cards, the default first.",
    }),
    CreateCard: mutation({
      verb: 'create',
      input: driverCardCreateInput,
      output: driverCardRow,
      summary:
        "Saves a card by the provider's token with brand, last four digits and expiry; a card number is refused with 400. The first card is the default.",
    }),
    UpdateCard: mutation({
      verb: 'update',
      input: driverCardUpdateInput,
      output: driverCardRow,
      summary: "Changes a saved card's holder name or expiry, or makes it the default.",
    }),
    DeleteCard: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary: 'Removes a saved card; when it was the default, the newest other card becomes the default.',
    }),
    GetAdjustmentsData: list({
      input: driverAdjustmentListInput,
      row: driverAdjustmentRow,
      summary: "The signed-in driver's pay adjustments, newest effective date first; fromDate/toDate filter.",
    }),
    CreateAdjustment: mutation({
      verb: 'create',
      input: driverAdjustmentCreateInput,
      output: driverAdjustmentRow,
      summary: "Records a credit or debit on the driver's own pay (visible to the office); amountMinor > 0.",
    }),
    UpdateAdjustments: mutation({
      verb: 'update',
      input: driverAdjustmentUpdateInput,
      output: driverAdjustmentRow,
      summary: "Changes the fields it is sent of one of the driver's own adjustments.",
    }),
    DeleteAdjustments: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary: "Deletes one of the driver's own adjustments.",
    }),
  },
);

export const bookingExpenseTypeDriverApp = area(
  'BookingExpenseType',
  { subject: 'DriverApp' },
  {
    GetExpenseTypeListDriverApp: lookup(bookingExpenseTypeRow, {
      summary: 'Active expense types the office made available in the driver app.',
    }),
  },
);
