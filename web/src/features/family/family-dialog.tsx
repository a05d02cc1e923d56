import type { ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../forms/dialog';

/**
 * A dialog on a family's page titled `title`: the staff dialog's frame (named by its title, focus trapped,
 * Escape closes, no second `<header>` landmark) with its close button named in the family's language.
 */
export function FamilyDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalRootProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return <AppDialog {...props} closeLabel={t('family.common.closeDialog')} />;
}
