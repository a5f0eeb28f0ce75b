-- Company-wide accounts keep no running balance: their balance is the sum of their lines (docs/ledger.md#balances).
UPDATE "ledger_accounts" SET "balance_minor" = 0
WHERE "kind" NOT IN ('clientReceivable', 'clientUnbilled', 'passengerReceivable', 'driverBalance', 'driverCash')
  AND "balance_minor" <> 0;
