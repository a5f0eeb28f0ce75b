import { Badge, Group, Text } from '@mantine/core';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { IconDiscount, IconReceipt } from '@tabler/icons-react';
import { count } from '../../../ui/format';
import { ActiveBadge, DateRange, Money, Percent, Plain, YesNo } from '../cells';
import { defineRegister } from '../register-types';

export const expenseTypes = defineRegister<CallOutput<'BookingExpenseType/GetTableSummary'>>({
  id: 'expense-types',
  icon: IconReceipt,
  subject: 'ReferenceData',
  calls: {
    list: 'BookingExpenseType/GetTableSummary',
    create: 'BookingExpenseType/Create',
    update: 'BookingExpenseType/Update',
    remove: 'BookingExpenseType/Delete',
  },
  schema: schemas.bookingExpenseTypeFields,
  columns: [
    { accessor: 'name', sortable: true },
    {
      accessor: 'taxName',
      title: 'taxId',
      sortable: true,
      render: (r) =>
        r.taxName ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{r.taxName}</Text>
            <Percent bp={r.taxRateBp} />
          </Group>
        ) : (
          <Plain text={null} />
        ),
    },
    {
      accessor: 'defaultAmountMinor',
      sortable: true,
      textAlign: 'right',
      render: (r) => <Money minor={r.defaultAmountMinor} />,
    },
    { accessor: 'isAvailableInDriverApp', render: (r) => <YesNo value={r.isAvailableInDriverApp} /> },
    { accessor: 'requiresReceipt', render: (r) => <YesNo value={r.requiresReceipt} /> },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 80 },
    { name: 'taxId', kind: 'lookup', call: 'Common/GetTaxList' },
    { name: 'defaultAmountMinor', kind: 'money', help: 'defaultAmountMinor' },
    { name: 'isAvailableInDriverApp', kind: 'switch', initial: true },
    { name: 'requiresReceipt', kind: 'switch' },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
});

const isPercent = (v: Record<string, unknown>) => v.discountType === 'percent';

export const discountCodes = defineRegister<CallOutput<'Common/GetDiscountCodes'>>({
  id: 'discount-codes',
  icon: IconDiscount,
  subject: 'ReferenceData',
  calls: {
    list: 'Common/GetDiscountCodes',
    create: 'Common/AddDiscountCodes',
    update: 'Common/UpdateDiscountCodes',
    remove: 'Common/DeleteDiscountCodes',
  },
  schema: schemas.discountCodeFields,
  columns: [
    {
      accessor: 'code',
      sortable: true,
      render: (r) => (
        <Badge variant="light" tt="none" ff="monospace" size="lg" radius="sm">
          {r.code}
        </Badge>
      ),
    },
    { accessor: 'description', render: (r) => <Plain text={r.description} /> },
    {
      accessor: 'discountType',
      title: 'value',
      textAlign: 'right',
      render: (r) => (r.discountType === 'percent' ? <Percent bp={r.percentBp} /> : <Money minor={r.amountMinor} />),
    },
    {
      accessor: 'validFrom',
      title: 'validity',
      sortable: true,
      render: (r) => <DateRange from={r.validFrom} to={r.validTo} />,
    },
    {
      accessor: 'usedCount',
      title: 'uses',
      sortable: true,
      textAlign: 'right',
      render: (r) => (
        <Text size="sm">{r.maxUses ? `${count(r.usedCount)} / ${count(r.maxUses)}` : count(r.usedCount)}</Text>
      ),
    },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'code', kind: 'text', required: true, maxLength: 20, upperCase: true, help: 'code' },
    { name: 'discountType', kind: 'choice', options: ['percent', 'amount'], initial: 'percent' },
    { name: 'percentBp', kind: 'percent', required: true, showIf: isPercent },
    { name: 'amountMinor', kind: 'money', required: true, showIf: (v) => !isPercent(v) },
    { name: 'description', kind: 'text', maxLength: 200, wide: true },
    { name: 'validFrom', label: 'validity', kind: 'dateRange', end: 'validTo', wide: true, help: 'validity' },
    { name: 'maxUses', kind: 'number', min: 1, help: 'maxUses' },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'code', direction: 'asc' },
  titleOf: (r) => r.code,
});
