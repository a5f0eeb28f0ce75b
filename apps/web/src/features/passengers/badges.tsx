import { Badge, type BadgeProps } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function VipBadge(props: BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} />} {...props}>
      {t('passengers.vip')}
    </Badge>
  );
}
