import { Avatar, Badge, ColorSwatch, Group, Text } from '@mantine/core';
import i18n from '../../i18n';
import type { FixedListName } from '@cabdesk/contract';
import { fixedLabel } from '../../ui/fixedLabel';
import { count, day, money, percent } from '../../ui/format';
import { type LatLng, svgPath } from './polygon';

/** Cells the register columns share; they read words through i18n so definitions stay plain data. */
const t = (key: string, options?: Record<string, unknown>) => i18n.t(`reference-data.${key}`, options ?? {});

export { fixedLabel };

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="teal" variant="light">
      {t('active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t('inactive')}
    </Badge>
  );
}

export function YesNo({ value, yes }: { value: boolean; yes?: string }) {
  return value ? (
    <Badge color="blue" variant="light">
      {yes ?? t('yes')}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {t('no')}
    </Text>
  );
}

export function FixedBadge({ list, code }: { list: FixedListName; code: string | null | undefined }) {
  return (
    <Badge variant="outline" color="gray" tt="none">
      {fixedLabel(list, code)}
    </Badge>
  );
}

export function ColourName({ colour, name }: { colour: string; name: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={colour} size={16} aria-hidden />
      <Text size="sm">{name}</Text>
    </Group>
  );
}

export function TagBadge({ colour, name }: { colour: string; name: string }) {
  return (
    <Badge color={colour} variant="filled" tt="none" autoContrast>
      {name}
    </Badge>
  );
}

export function Money({ minor }: { minor: number | null | undefined }) {
  return minor === null || minor === undefined ? <Dash /> : <Text size="sm">{money(minor)}</Text>;
}

export function Percent({ bp }: { bp: number | null | undefined }) {
  return bp === null || bp === undefined ? <Dash /> : <Text size="sm">{percent(bp)}</Text>;
}

export function Count({ n }: { n: number }) {
  return (
    <Text size="sm" c={n ? undefined : 'dimmed'}>
      {count(n)}
    </Text>
  );
}

export function Dash() {
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

export function Plain({ text }: { text: string | null | undefined }) {
  return text ? (
    <Text size="sm" lineClamp={2}>
      {text}
    </Text>
  ) : (
    <Dash />
  );
}

export function DateRange({ from, to }: { from: string | null; to: string | null }) {
  if (!from && !to) return <Text size="sm">{t('always')}</Text>;
  if (from === to) return <Text size="sm">{day(from)}</Text>;
  return (
    <Text size="sm">
      {from ? day(from) : '…'} – {to ? day(to) : '…'}
    </Text>
  );
}

export function Picture({ url, name }: { url: string | null; name: string }) {
  return (
    <Avatar src={url} alt={name} radius="sm" size={40} color="cyan">
      {name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

/** A zone's outline, small, in its colour. */
export function OutlinePreview({ points, colour, size = 40 }: { points: LatLng[]; colour: string; size?: number }) {
  const path = svgPath(points, size, 3);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={t('outline')}>
      <rect width={size} height={size} rx={6} fill="var(--mantine-color-gray-1)" />
      {path ? <path d={path} fill={colour} fillOpacity={0.3} stroke={colour} strokeWidth={1.5} /> : null}
    </svg>
  );
}
