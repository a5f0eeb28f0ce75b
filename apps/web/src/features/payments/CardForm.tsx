import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardFacts, type CardProblem, groupDigits, offlineTestCards, offlineToken } from './card-entry';

export type { CardFacts } from './card-entry';

export interface CardFormProps {
  /** The company's card provider: `offline` (the default) or `stripe` (Configuration/GetStripeKeyLive). */
  provider: 'offline' | 'stripe';
  /** Stripe's publishable key; Stripe.js is fetched from Stripe only when it is given. */
  publishableKey?: string | null;
  /** The provider's one-time token (never a card number) and what may be shown of the card. */
  onToken: (token: string, card: CardFacts) => void | Promise<void>;
  submitLabel?: string;
  busy?: boolean;
}

/**
 * The card form of the company's provider. Offline: number, expiry and CVC checked here and turned into
 * the offline provider's token in the browser, so the number never reaches the server. Stripe: Stripe's
 * own card field (Elements), answering the PaymentMethod id.
 */
export function CardForm(props: CardFormProps) {
  return props.provider === 'stripe' ? <StripeCardForm {...props} /> : <OfflineCardForm {...props} />;
}

function OfflineCardForm({ onToken, submitLabel, busy }: CardFormProps) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState({ number: '', expiry: '', cvc: '' });
  const [problems, setProblems] = useState<Partial<Record<'number' | 'expiry' | 'cvc', CardProblem>>>({});
  const say = (p: CardProblem | undefined) => (p ? t(`payments.card.problem.${p}`) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = offlineToken(entry);
    if (!made.ok) {
      setProblems(made.problems);
      return;
    }
    setProblems({});
    await onToken(made.token, made.card);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('payments.card.formName')}>
      <Stack gap="sm">
        <TextInput
          label={t('payments.card.number')}
          autoComplete="cc-number"
          inputMode="numeric"
          name="cardnumber"
          value={entry.number}
          onChange={(e) => setEntry({ ...entry, number: groupDigits(e.currentTarget.value) })}
          error={say(problems.number)}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('payments.card.expiry')}
            description={t('payments.card.expiryHint')}
            placeholder="MM/YY"
            autoComplete="cc-exp"
            inputMode="numeric"
            name="cc-exp"
            value={entry.expiry}
            onChange={(e) => setEntry({ ...entry, expiry: e.currentTarget.value })}
            error={say(problems.expiry)}
            required
          />
          <TextInput
            label={t('payments.card.cvc')}
            description={t('payments.card.cvcHint')}
            autoComplete="cc-csc"
            inputMode="numeric"
            name="cvc"
            maxLength={4}
            value={entry.cvc}
            onChange={(e) => setEntry({ ...entry, cvc: e.currentTarget.value })}
            error={say(problems.cvc)}
            required
          />
        </Group>
        <Alert variant="light" color="blue" title={t('payments.card.testTitle')}>
          <Text size="sm">{t('payments.card.testBody')}</Text>
          <List size="sm" mt={4}>
            {offlineTestCards.map((c) => (
              <List.Item key={c.number}>
                <Text span ff="monospace" size="sm">
                  {c.number}
                </Text>{' '}
                — {t(`payments.card.test.${c.outcome}`)}
              </List.Item>
            ))}
          </List>
        </Alert>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel ?? t('payments.card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type StripeCard = { brand?: string; last4?: string; exp_month?: number; exp_year?: number };
interface MountedCard {
  createPaymentMethod: () => Promise<{ id: string; card: StripeCard } | { error: string }>;
  destroy: () => void;
}

/** Mounts Stripe's card field; Stripe.js is loaded from Stripe only here, when a company uses Stripe. */
async function mountStripeCard(publishableKey: string, host: HTMLElement): Promise<MountedCard> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  const elements = stripe.elements();
  const card = elements.create('card', { hidePostalCode: true });
  card.mount(host);
  return {
    createPaymentMethod: async () => {
      const answer = await stripe.createPaymentMethod({ type: 'card', card });
      if (answer.error) return { error: answer.error.message ?? 'The card was not accepted.' };
      return { id: answer.paymentMethod.id, card: answer.paymentMethod.card ?? {} };
    },
    destroy: () => card.destroy(),
  };
}

function StripeCardForm({ publishableKey, onToken, submitLabel, busy }: CardFormProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState<MountedCard | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (!publishableKey || !host.current) return;
    let made: MountedCard | null = null;
    let gone = false;
    mountStripeCard(publishableKey, host.current).then(
      (m) => {
        if (gone) m.destroy();
        else {
          made = m;
          setMounted(m);
        }
      },
      () => setProblem(t('payments.card.stripeDidNotLoad')),
    );
    return () => {
      gone = true;
      made?.destroy();
    };
  }, [publishableKey, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mounted) return;
    setWorking(true);
    try {
      const answer = await mounted.createPaymentMethod();
      if ('error' in answer) {
        setProblem(answer.error);
        return;
      }
      setProblem(null);
      await onToken(answer.id, {
        brand: answer.card.brand ?? 'card',
        last4: answer.card.last4 ?? '',
        expMonth: answer.card.exp_month ?? 0,
        expYear: answer.card.exp_year ?? 0,
      });
    } finally {
      setWorking(false);
    }
  };

  if (!publishableKey) {
    return <Alert color="red">{t('payments.card.stripeNoKey')}</Alert>;
  }
  return (
    <form onSubmit={submit} aria-label={t('payments.card.formName')}>
      <Stack gap="sm">
        <Text size="sm" fw={500} id="stripe-card-label">
          {t('payments.card.stripeLabel')}
        </Text>
        <div
          ref={host}
          role="group"
          aria-labelledby="stripe-card-label"
          style={{ padding: 10, border: '1px solid var(--mantine-color-gray-5)', borderRadius: 4 }}
        />
        {!mounted && !problem && <Text size="sm">{t('payments.card.stripeLoading')}</Text>}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy || working} disabled={!mounted}>
            {submitLabel ?? t('payments.card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
