import { Paper, Skeleton, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailed } from '../account/screen';

interface Query<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A card of figures from one call: a skeleton while it loads, the failure in words, else the figures. */
export function QuerySection<T>({
  title,
  query,
  failedTitle,
  skeletonHeight = 120,
  testId,
  children,
}: {
  title: string;
  query: Query<T>;
  failedTitle: string;
  skeletonHeight?: number;
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} aria-busy={query.isFetching}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {query.error && !query.data ? (
        <LoadFailed title={failedTitle} error={query.error} onRetry={query.refetch} />
      ) : query.isPending || !query.data ? (
        <Skeleton h={skeletonHeight} radius="md" />
      ) : (
        <div style={{ opacity: query.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}>{children(query.data)}</div>
      )}
    </Paper>
  );
}
