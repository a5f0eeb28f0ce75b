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

export function SwitchedOffBadge(props: BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="outline" {...props}>
      {t('form.inactive')}
    </Badge>
  );
}

export function TagBadges({ tags }: { tags: { id: number; name: string; colour: string }[] }) {
  return (
    <>
      {tags.map((tag) => (
        <Badge key={tag.id} color={tag.colour} variant="dot" size="sm" mr={4}>
          {tag.name}
        </Badge>
      ))}
    </>
  );
}
