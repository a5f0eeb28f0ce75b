import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marks a record that is switched off; says nothing about one that is on. */
export function InactiveBadge({ isActive, ...props }: { isActive: boolean } & BadgeProps) {
  const { t } = useTranslation();
  return isActive ? null : (
    <Badge color="gray" variant="outline" {...props}>
      {t('form.inactive')}
    </Badge>
  );
}

/** A record's tags, each in its own colour. */
export function TagBadges({ tags }: { tags: readonly { id: number; name: string; colour: string }[] }) {
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
