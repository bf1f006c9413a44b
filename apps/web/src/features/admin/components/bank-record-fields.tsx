import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { type Cents, dealMessages, formatCents } from '@market/shared';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { amountFieldText, parseCents } from '@/utils/money';
import type { BankRecord } from '../api/record-bank-step';
import { adminText } from '../utils/constants';

export interface BankRecordValues {
  reference: string;
  /** Dollars as typed; sent as integer cents. */
  amount_cents: string;
}
export const BANK_RECORD_FIELDS = ['reference', 'amount_cents'] as const;

/**
 * The form of money moved at the bank: always its reference; with `expectedCents` (money that
 * arrived) also the amount, prefilled with what was expected.
 */
export function useBankRecordForm(expectedCents: Cents | null) {
  return useForm<BankRecordValues>({
    defaultValues: { reference: '', amount_cents: expectedCents === null ? '' : amountFieldText(expectedCents) },
    resolver: validatorResolver((values: BankRecordValues) => ({
      ...(values.reference.trim() ? {} : { reference: dealMessages.referenceRequired }),
      ...(expectedCents !== null && parseCents(values.amount_cents) === null ? { amount_cents: adminText.amountInvalid } : {}),
    })),
    ...submitOnlyValidation,
  });
}

/** What the server is sent: the trimmed reference, and the amount in cents when it was asked for. */
export function bankRecordBody(values: BankRecordValues, withAmount: boolean): BankRecord {
  const body: BankRecord = { reference: values.reference.trim() };
  if (withAmount) body.amount_cents = parseCents(values.amount_cents) ?? undefined;
  return body;
}

interface BankRecordFieldsProps {
  form: UseFormReturn<BankRecordValues>;
  expectedCents: Cents | null;
  /** What the expected amount is, in the amount's hint. */
  expectedLabel?: string;
}

/**
 * The bank reference, and with `expectedCents` the amount received, which the server checks
 * against that total.
 */
export function BankRecordFields({ form, expectedCents, expectedLabel = 'The order’s total' }: BankRecordFieldsProps) {
  const amount = textFieldProps(form, 'amount_cents');
  return (
    <>
      <TextField
        label="Bank reference"
        required
        autoFocus
        autoComplete="off"
        {...textFieldProps(form, 'reference')}
        helperText={form.formState.errors.reference?.message ?? 'As it appears on the bank statement.'}
      />
      {expectedCents !== null ? (
        <TextField
          label="Amount received"
          required
          autoComplete="off"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
          {...amount}
          helperText={amount.helperText ?? `Dollars and cents. ${expectedLabel} is ${formatCents(expectedCents)}.`}
        />
      ) : null}
    </>
  );
}
