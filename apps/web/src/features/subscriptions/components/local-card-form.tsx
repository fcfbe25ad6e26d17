import { MSG } from '@comped/shared/messages';
import type { SubscriptionPaymentResource } from '@comped/shared/schemas/subscription-payments';
import type { CheckoutCardFormInput } from '@comped/shared/validation/subscription';
import {
  cardBrandOf,
  cardDigits,
  checkoutCardFormSchema,
  toPaymentMethodBody,
} from '@comped/shared/validation/subscription';
import { Box, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import { createPaymentMethod } from '../api/create-payment-method';
import { createSubscription } from '../api/create-subscription';
import { AuthenticationChallenge } from './authentication-challenge';
import type { CardErrorItem } from './checkout-messages';
import { CardErrorList, SubscriptionError } from './checkout-messages';
import { PayButton } from './pay-button';

const FIELDS = ['cardholder_name', 'number', 'expiry', 'cvc'] as const;
type Field = (typeof FIELDS)[number];
/** The server names the expiry as two fields; the form has one. */
const SERVER_FIELD: Record<string, Field> = {
  cardholder_name: 'cardholder_name',
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
};

const errorId = (field: string) => `card-error-${field}`;

/** "4242424242424242" -> "4242 4242 4242 4242" (AMEX: 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, '').slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12 / 30". */
export function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the separator deletes the month's last digit too.
  if (previous.endsWith(' / ') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

export interface LocalCardFormProps {
  planId: number;
  /** Called once the subscription is active (the page refreshes the session and moves on). */
  onSubscribed: () => Promise<void> | void;
  /** The time "in the past" is measured against (tests pin it). */
  now?: () => Date;
}

/**
 * The checkout card form of the local provider: cardholder name, card number, expiry and security
 * code, checked with the shared rules, sent to POST payment-methods, then POST subscriptions. A
 * card that asks for 3-D Secure (4000 0027 6000 3184) opens the provider's test challenge.
 */
export function LocalCardForm({ planId, onSubscribed, now }: LocalCardFormProps) {
  const schema = useMemo(() => checkoutCardFormSchema(now), [now]);
  const { control, handleSubmit, watch, formState } = useForm<CheckoutCardFormInput>({
    resolver: formResolver(schema),
    defaultValues: { cardholder_name: '', number: '', expiry: '', cvc: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [submitting, setSubmitting] = useState(false);
  const [serverCardErrors, setServerCardErrors] = useState<Partial<Record<Field, string>>>({});
  const [subscriptionError, setSubscriptionError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SubscriptionPaymentResource | null>(null);

  const values = watch();
  const incomplete = FIELDS.some((f) => !values[f]?.trim());
  const clientErrors = Object.fromEntries(
    FIELDS.flatMap((f) => (formState.errors[f]?.message ? [[f, formState.errors[f]?.message as string]] : [])),
  ) as Partial<Record<Field, string>>;
  const fieldErrors = Object.keys(clientErrors).length > 0 ? clientErrors : serverCardErrors;
  const errorItems: CardErrorItem[] = FIELDS.flatMap((f) =>
    fieldErrors[f] ? [{ id: errorId(f), message: fieldErrors[f] as string }] : [],
  );

  const submit = handleSubmit(
    async (form) => {
      setSubmitting(true);
      setServerCardErrors({});
      setSubscriptionError(null);
      try {
        let paymentMethod: string;
        try {
          paymentMethod = (await createPaymentMethod(toPaymentMethodBody(form))).id;
        } catch (err) {
          if (err instanceof ApiError && err.isValidation) {
            const mapped: Partial<Record<Field, string>> = {};
            for (const [field, messages] of Object.entries(err.errors)) {
              const target = SERVER_FIELD[field] ?? 'number';
              if (!mapped[target] && messages[0]) mapped[target] = messages[0];
            }
            setServerCardErrors(Object.keys(mapped).length ? mapped : { number: err.message });
          } else {
            setSubscriptionError(err instanceof Error ? err.message : MSG.somethingWrongDot);
          }
          return;
        }
        const started = await createSubscription({ selected_plan: planId, payment_method: paymentMethod });
        // The card asks for 3-D Secure: the challenge decides (the subscription waits for it).
        if (started.payment) setChallenge(started.payment);
        else await onSubscribed();
      } catch (err) {
        setSubscriptionError(err instanceof Error ? err.message : MSG.somethingWrongDot);
      } finally {
        setSubmitting(false);
      }
    },
    () => {
      // A new attempt that stops at the card's own checks: earlier answers no longer apply.
      setServerCardErrors({});
      setSubscriptionError(null);
    },
  );

  const fieldProps = (field: Field) => ({
    error: !!fieldErrors[field],
    slotProps: {
      htmlInput: {
        'aria-invalid': !!fieldErrors[field],
        'aria-describedby': fieldErrors[field] ? errorId(field) : undefined,
      },
    },
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Card details">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <Controller
          name="cardholder_name"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              label="Cardholder name"
              autoComplete="cc-name"
              fullWidth
              sx={{ gridColumn: '1 / -1' }}
              {...fieldProps('cardholder_name')}
            />
          )}
        />
        <Controller
          name="number"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
              label="Card number"
              placeholder="1234 1234 1234 1234"
              autoComplete="cc-number"
              fullWidth
              sx={{ gridColumn: '1 / -1' }}
              {...fieldProps('number')}
              slotProps={{
                htmlInput: { ...fieldProps('number').slotProps.htmlInput, inputMode: 'numeric', maxLength: 23 },
              }}
            />
          )}
        />
        <Controller
          name="expiry"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              onChange={(e) => field.onChange(formatExpiry(e.target.value, field.value))}
              label="Expiry"
              placeholder="MM / YY"
              autoComplete="cc-exp"
              {...fieldProps('expiry')}
              slotProps={{
                htmlInput: { ...fieldProps('expiry').slotProps.htmlInput, inputMode: 'numeric', maxLength: 7 },
              }}
            />
          )}
        />
        <Controller
          name="cvc"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
              label="Security code"
              placeholder="CVC"
              autoComplete="cc-csc"
              {...fieldProps('cvc')}
              slotProps={{
                htmlInput: { ...fieldProps('cvc').slotProps.htmlInput, inputMode: 'numeric', maxLength: 4 },
              }}
            />
          )}
        />
      </Box>
      <CardErrorList errors={errorItems} />
      <SubscriptionError message={subscriptionError} />
      <PayButton disabled={incomplete} submitting={submitting || !!challenge} />
      {challenge ? (
        <AuthenticationChallenge
          payment={challenge}
          onSucceeded={async () => {
            setChallenge(null);
            await onSubscribed();
          }}
          onFailed={(message) => {
            setChallenge(null);
            setSubscriptionError(message);
          }}
        />
      ) : null}
    </Box>
  );
}
