import { Progress, Stack, Text } from '@mantine/core';

/**
 * Long work in steps (a generation run, calls of 200): a bar and the words of where it stands, read
 * out as they change.
 */
export function WorkProgress({
  done,
  total,
  label,
  text,
  testId,
}: {
  done: number;
  total: number;
  /** Names the bar for a screen reader. */
  label: string;
  text: string;
  testId?: string;
}) {
  return (
    <Stack gap={4} aria-live="polite" data-testid={testId}>
      <Progress value={total ? (100 * Math.min(done, total)) / total : 0} aria-label={label} />
      <Text size="sm">{text}</Text>
    </Stack>
  );
}
