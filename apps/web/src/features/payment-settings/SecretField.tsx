import { Button, Group, Input, PasswordInput, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  description: string;
  /** The saved secret's hint (`sk_test_…4242`), or null when none is saved. */
  hint: string | null;
  replacing: boolean;
  onReplace: () => void;
  disabled: boolean;
  /** The form field's name, for the page's tests. */
  name: string;
  input: GetInputPropsReturnType;
}

/**
 * A secret that is written, never read back: a saved one shows as "saved — ends in 4242" with a
 * Replace button; a new one is typed into a password field and sent once.
 */
export function SecretField({ label, description, hint, replacing, onReplace, disabled, name, input }: Props) {
  const { t } = useTranslation();
  if (hint !== null && !replacing) {
    const last4 = hint.slice(-4);
    return (
      <Input.Wrapper
        label={label}
        description={description}
        inputWrapperOrder={['label', 'input', 'description']}
        labelElement="div"
      >
        <Group gap="sm">
          <Text size="sm" data-testid={`${name}-saved`}>
            {t('payment-settings.savedEndsIn', { last4 })}
          </Text>
          {!disabled && (
            <Button
              size="xs"
              variant="default"
              onClick={onReplace}
              aria-label={t('payment-settings.replace', { field: label })}
            >
              {t('payment-settings.replaceShort')}
            </Button>
          )}
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <PasswordInput
      label={label}
      description={description}
      autoComplete="off"
      disabled={disabled}
      maw={480}
      name={name}
      {...input}
    />
  );
}
