import { zodResolver } from '@hookform/resolvers/zod';
import { FIELD_REQUIRED, type FormDocument, fieldMessage, type SignFormInput } from '@lc/contract';
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { signedFormKeys } from '../../api/queries/signed-forms';
import { signFamilyForm } from '../../api/signed-forms';
import { CheckboxField, NativeSelectField, TextareaField, TextField } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';

type Values = { answers: Record<string, string>; consent: boolean; signerName: string };

/** The browser's checks of the form: required answers, the consent ticked, a name typed. */
function schemaOf(document: FormDocument) {
  const answers = Object.fromEntries(
    document.fields.map((f) => [f.key, f.required ? z.string().trim().min(1, FIELD_REQUIRED) : z.string()]),
  );
  return z.object({
    answers: z.object(answers),
    consent: z.literal(true, { error: fieldMessage('fields.forms.consentRequired') }),
    signerName: z.string().trim().min(1, FIELD_REQUIRED),
  });
}

/** The answers as the API takes them: yes/no as booleans, empty answers left out. */
function answersOf(document: FormDocument, answers: Record<string, string>): SignFormInput['answers'] {
  const out: SignFormInput['answers'] = {};
  for (const f of document.fields) {
    const value = answers[f.key] ?? '';
    if (value === '') continue;
    out[f.key] = f.type === 'YesNo' ? value === 'yes' : value;
  }
  return out;
}

/**
 * The questions of a form, the ESIGN/UETA disclosure with its consent box, the typed full name and "Sign"
 * (issue 26; decision 036). Errors show by their field and focus moves to the first; a version published
 * while the parent read answers 409 and the page reloads the new one.
 */
export function SignForm({ document, onSigned }: { document: FormDocument; onSigned: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(schemaOf(document)) as never,
    defaultValues: {
      answers: Object.fromEntries(document.fields.map((f) => [f.key, ''])),
      consent: false,
      signerName: '',
    },
  });
  const fieldNames = [
    ...document.fields.map((f) => `answers.${f.key}` as const),
    'consent',
    'signerName',
  ] as never[];
  const submit = useSubmit<Values, Values, unknown>(form, {
    action: (values) =>
      signFamilyForm(document.formId, {
        ...(document.studentId ? { studentId: document.studentId } : {}),
        version: document.version,
        answers: answersOf(document, values.answers),
        consent: true,
        signerName: values.signerName,
      }),
    fields: fieldNames,
    success: t('portal.forms.signedToast'),
    invalidate: [signedFormKeys.all],
    onSuccess: onSigned,
    onFailure: () =>
      queryClient.invalidateQueries({ queryKey: signedFormKeys.form(document.formId, document.studentId) }),
  });

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="md">
        {document.fields.length > 0 ? (
          <Title order={2} size="h3">
            {t('portal.forms.questionsHeading')}
          </Title>
        ) : null}
        {document.fields.map((f) => {
          const name = `answers.${f.key}` as const;
          const common = { form, name, label: f.label, required: f.required } as const;
          if (f.type === 'LongText') return <TextareaField key={f.key} {...common} autosize minRows={3} />;
          if (f.type === 'Date') return <TextField key={f.key} {...common} type="date" />;
          if (f.type === 'YesNo')
            return (
              <NativeSelectField
                key={f.key}
                {...common}
                data={[
                  { value: '', label: t('portal.forms.choose') },
                  { value: 'yes', label: t('portal.forms.yes') },
                  { value: 'no', label: t('portal.forms.no') },
                ]}
              />
            );
          if (f.type === 'Choice')
            return (
              <NativeSelectField
                key={f.key}
                {...common}
                data={[
                  { value: '', label: t('portal.forms.choose') },
                  ...f.choices.map((label, i) => ({ value: String(i), label })),
                ]}
              />
            );
          return <TextField key={f.key} {...common} />;
        })}
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="esign-heading">
          <Title order={2} size="h4" id="esign-heading">
            {t('portal.forms.consent.heading')}
          </Title>
          <Text size="sm" mt="xs">
            {t('portal.forms.consent.intro')}
          </Text>
          <List size="sm" mt="xs" spacing={4}>
            <List.Item>{t('portal.forms.consent.paper')}</List.Item>
            <List.Item>{t('portal.forms.consent.withdraw')}</List.Item>
            <List.Item>{t('portal.forms.consent.hardware')}</List.Item>
            <List.Item>{t('portal.forms.consent.scope')}</List.Item>
          </List>
          <CheckboxField form={form} name="consent" mt="md" label={t('portal.forms.consent.agree')} />
        </Card>
        <TextField
          form={form}
          name="signerName"
          label={t('portal.forms.signerName')}
          description={t('portal.forms.signerNameHint')}
          autoComplete="name"
          required
        />
        <FormFailure failure={submit.failure} />
        <Alert variant="light" color="gray">
          {t('portal.forms.whatHappens')}
        </Alert>
        <div>
          <Button type="submit" loading={submit.submitting}>
            {t('portal.forms.sign')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
