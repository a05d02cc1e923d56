import { routes, type SessionStudent } from '@lc/contract';
import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The title in the body's colour on the alert's tint: the light blue and orange titles fail contrast (axe). */
const TITLE_READS = { title: { color: 'var(--mantine-color-text)' } };

/**
 * The program's forms still to sign, on the enroll page (issue 26; decision 036): a link to each form for each
 * child, the ones that keep a child from enrolling first. Nothing when every form is signed.
 */
export function EnrollFormsNote({ students }: { students: readonly SessionStudent[] }) {
  const { t } = useTranslation();
  const items = students.flatMap((s) => (s.formsToSign ?? []).map((f) => ({ ...f, child: s })));
  if (items.length === 0) return null;
  const blocking = items.some((i) => i.blocking);
  return (
    <Alert
      variant="light"
      color={blocking ? 'orange' : 'blue'}
      styles={TITLE_READS}
      title={t('portal.forms.enrollHeading')}
    >
      <List size="sm" spacing={4}>
        {items
          .sort((a, b) => Number(b.blocking) - Number(a.blocking))
          .map((item) => (
            <List.Item key={`${item.formId}-${item.child.id}`}>
              <Anchor component={Link} to={routes.familyForm(item.formId, item.child.id)}>
                {t('portal.forms.formForChild', { title: item.title, child: item.child.firstName })}
              </Anchor>
              {item.blocking ? ` · ${t('portal.forms.neededToEnroll')}` : ''}
            </List.Item>
          ))}
      </List>
    </Alert>
  );
}
