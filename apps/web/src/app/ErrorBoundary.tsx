import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';

interface State {
  error: Error | null;
}

/** A page that throws shows what happened and a way on, instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={i18n.t('errors.title')} m="md" role="alert">
        <Text size="sm" mb="sm">
          {this.state.error.message}
        </Text>
        <Group>
          <Button size="xs" variant="light" onClick={() => this.setState({ error: null })}>
            {i18n.t('errors.retry')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => window.location.reload()}>
            {i18n.t('errors.reload')}
          </Button>
        </Group>
      </Alert>
    );
  }
}
