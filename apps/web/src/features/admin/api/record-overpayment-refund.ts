import { type Overpayment, overpaymentSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import type { BankRecord } from './record-bank-step';
import { useOverpaymentStep } from './refund-overpayment';

/**
 * POST /api/admin/finance/overpayments/{id}/record-refund/ {reference}: the payer was paid back by
 * hand (a bank transfer), for instance after the card processor refused the refund. 400
 * `reference`; 409 when no refund by hand is due.
 */
export async function recordOverpaymentRefund(id: number, body: BankRecord): Promise<Overpayment> {
  return overpaymentSchema.parse(await api.post<unknown>(`/api/admin/finance/overpayments/${id}/record-refund/`, body));
}

export function useRecordOverpaymentRefund() {
  return useOverpaymentStep(({ id, body }: { id: number; body: BankRecord }) => recordOverpaymentRefund(id, body));
}
