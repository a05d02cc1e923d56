import type { EnrollmentStatus, PaymentStatus } from '@lc/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { enrollmentStatusLabel, paymentStatusText } from './format.ts';

// Filled, dark shades only: white text on them passes 4.5:1 in both themes (light badges do not).
const enrollmentColor: Record<EnrollmentStatus, string> = {
  Enrolled: 'oak.8',
  PendingPayment: 'honey.9',
  Cancelled: 'gray.7',
  Withdrawn: 'gray.7',
};

const paymentColor: Record<PaymentStatus, string> = {
  Paid: 'oak.8',
  Pending: 'honey.9',
  Refunded: 'gray.7',
  RefundDue: 'blue.8',
  Expired: 'gray.7',
  Failed: 'red.7',
};

/** Enrolled / Awaiting payment / Cancelled / Withdrawn. */
export function EnrollmentStatusBadge({ status, ...props }: BadgeProps & { status: EnrollmentStatus }) {
  return (
    <Badge color={enrollmentColor[status]} variant="filled" tt="none" {...props}>
      {enrollmentStatusLabel[status]}
    </Badge>
  );
}

/** Paid / Pending / Refunded / Refund due / Expired / Failed. */
export function PaymentStatusBadge({ status, ...props }: BadgeProps & { status: PaymentStatus }) {
  return (
    <Badge color={paymentColor[status]} variant="filled" tt="none" {...props}>
      {paymentStatusText[status].label}
    </Badge>
  );
}
