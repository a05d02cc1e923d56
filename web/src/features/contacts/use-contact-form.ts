import { zodResolver } from '@hookform/resolvers/zod';
import {
  routes,
  type Student,
  type Trustee,
  type TrusteeInput,
  TrusteeInputSchema,
  type TrusteeValues,
} from '@lc/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createTrustee, updateTrustee } from '../../api/family.ts';
import { failedWith, failureFields } from '../forms/feedback.ts';
import { notifyError } from '../forms/notify.ts';
import { useSubmit } from '../forms/use-submit.tsx';
import { emptyInput, FIELD_ORDER, toInput } from './contact-input.ts';

/**
 * The emergency contact form (spec §2; issue 4; docs/architecture.md, "Forms"): `onSubmit` adds the contact
 * (POST) or saves the one being edited (PUT), then goes back to the family's contacts with a notice. The
 * server's field errors are placed on their fields (first on screen first); every failure is also said in
 * a titled notice: "check the fields", "this contact is gone" (404) or "not saved".
 */
export function useContactForm(students: readonly Student[], trustee: Trustee | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<TrusteeInput, unknown, TrusteeValues>({
    resolver: zodResolver(TrusteeInputSchema),
    mode: 'onTouched',
    defaultValues: trustee ? toInput(trustee, students) : emptyInput(students),
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => (trustee ? updateTrustee(trustee.id, values) : createTrustee(values)),
    fields: FIELD_ORDER,
    success: (saved) =>
      trustee
        ? t('family.contactForm.saved', { name: saved.fullName })
        : t('family.contactForm.added', { name: saved.fullName }),
    onSuccess: () => navigate(routes.emergencyContacts),
    alert: () => null,
    // After the field messages are placed, so the notice follows them as it always has.
    onFailure: (error) => {
      const byField = FIELD_ORDER.some((name) => Boolean(failureFields(error)[name]));
      notifyError(
        byField
          ? t('family.contactForm.checkFields')
          : failedWith(error, 404)
            ? t('family.contactForm.gone')
            : t('family.contactForm.saveFailed'),
        t('family.contactForm.saveFailedTitle'),
      );
    },
  });
  return { form, onSubmit, submitting };
}
