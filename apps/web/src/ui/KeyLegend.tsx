import { Group, Kbd, Text } from '@mantine/core';

/** A page's keyboard shortcuts, shown on it so nobody has to remember them: each its keys and what they do. */
export function KeyLegend({ title, keys }: { title: string; keys: [string[], string][] }) {
  return (
    <Group gap="md" component="ul" aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {keys.map(([ks, label]) => (
        <Group key={label} gap={4} component="li">
          {ks.map((k, i) => (
            <span key={k}>
              {i > 0 ? ' / ' : ''}
              <Kbd size="xs">{k}</Kbd>
            </span>
          ))}
          <Text size="sm">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}
