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
import { ApiError } from '../../api/client.ts';
import { createTrustee, updateTrustee } from '../../api/family.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';
import { useServerFieldErrors } from '../forms/use-server-field-errors.ts';
import { emptyInput, FIELD_ORDER, toInput } from './contact-input.ts';

/**
 * The emergency contact form's state (spec §2; issue 4): `submit` adds the contact (POST) or saves the one
 * being edited (PUT), then goes back to the family's contacts with a notice. The server's field errors are
 * placed on their fields (first on screen first); any other failure is said in a notice.
 */
export function useContactForm(students: readonly Student[], trustee: Trustee | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TrusteeInput, unknown, TrusteeValues>({
    resolver: zodResolver(TrusteeInputSchema),
    mode: 'onTouched',
    defaultValues: trustee ? toInput(trustee, students) : emptyInput(students),
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELD_ORDER);

  const onSubmit = async (values: TrusteeValues) => {
    try {
      const saved = trustee ? await updateTrustee(trustee.id, values) : await createTrustee(values);
      notifySuccess(
        trustee
          ? t('family.contactForm.saved', { name: saved.fullName })
          : t('family.contactForm.added', { name: saved.fullName }),
      );
      navigate(routes.emergencyContacts);
    } catch (error) {
      const placed = showFieldErrors(error);
      notifyError(
        placed
          ? t('family.contactForm.checkFields')
          : error instanceof ApiError && error.status === 404
            ? t('family.contactForm.gone')
            : t('family.contactForm.saveFailed'),
        t('family.contactForm.saveFailedTitle'),
      );
    }
  };

  return { register, control, errors, isSubmitting, submit: handleSubmit(onSubmit) };
}
