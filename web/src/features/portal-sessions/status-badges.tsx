import type { EnrollmentStatus, PaymentStatus } from '@lc/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

/** Enrolled / Awaiting payment / Cancelled / Withdrawn (the API's value, in the visitor's language). */
export function EnrollmentStatusBadge({ status, ...props }: BadgeProps & { status: EnrollmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={enrollmentColor[status]} variant="filled" tt="none" {...props}>
      {t(`portal.status.enrollment.${status}`)}
    </Badge>
  );
}

/** Paid / Pending / Refunded / Refund due / Expired / Failed (the API's value, in the visitor's language). */
export function PaymentStatusBadge({ status, ...props }: BadgeProps & { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={paymentColor[status]} variant="filled" tt="none" {...props}>
      {t(`portal.status.payment.${status}`)}
    </Badge>
  );
}
