import { dateTimeFormat, routes } from '@lc/contract';
import { Anchor, Card, Code, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { signedFormQueries } from '../../api/queries/signed-forms';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { FormStatusBadge } from '../../features/signed-forms/forms-to-sign-card';
import { SignForm } from '../../features/signed-forms/sign-form';
import { intlLocale } from '../../i18n/intl-locale';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /dashboard/forms/:formId?child=… (issue 26; decision 036): a form's current version to read and sign, for one
 * child or the family. A signed one shows who signed, when, the document's fingerprint and the signed PDF; a
 * new version since shows "needs your signature again" and the form to sign it.
 */
export default function FormSignPage() {
  const { t } = useTranslation();
  const { formId = '' } = useParams();
  const [search] = useSearchParams();
  const studentId = search.get('child');
  const document = useQuery(signedFormQueries.form(formId, studentId));
  const format = (at: Date) =>
    dateTimeFormat(intlLocale(), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: CENTER_TIME_ZONE,
    }).format(at);
  usePageTitle(document.data?.title ?? t('portal.forms.pageTitle'));
  const data = document.data;

  return (
    <Stack gap="lg" pt="xl" maw={820}>
      <Anchor component={Link} to={routes.dashboard} size="sm">
        {t('portal.forms.back')}
      </Anchor>
      {document.status === 'pending' ? <Loading label={t('portal.forms.loadingOne')} /> : null}
      {document.status === 'error' ? (
        <LoadFailed message={t('portal.forms.loadOneFailed')} retry={() => document.refetch()} />
      ) : null}
      {data ? (
        <>
          <div>
            <Title order={1}>{data.title}</Title>
            <Group gap="sm" mt="xs">
              <Text>
                {data.childName
                  ? t('portal.forms.forChild', { child: data.childName, version: data.version })
                  : t('portal.forms.forFamily', { version: data.version })}
              </Text>
              <FormStatusBadge status={data.status} />
            </Group>
          </div>
          {data.signature ? (
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="signed-heading">
              <Title order={2} size="h3" id="signed-heading">
                {data.status === 'Signed' ? t('portal.forms.signedHeading') : t('portal.forms.resignHeading')}
              </Title>
              <Text mt="xs">
                {t('portal.forms.signedBy', {
                  name: data.signature.signerName,
                  version: data.signature.version,
                  time: format(new Date(data.signature.signedAt)),
                })}
              </Text>
              <Text size="sm" mt="xs">
                {t('portal.forms.fingerprint')}{' '}
                <Code style={{ wordBreak: 'break-all' }}>{data.signature.sha256}</Code>
              </Text>
              <Anchor
                href={data.signature.pdfUrl}
                target="_blank"
                rel="noopener"
                mt="sm"
                display="inline-block"
              >
                {t('portal.forms.openPdf')}
              </Anchor>
            </Card>
          ) : null}
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="document-heading">
            <Title order={2} size="h3" id="document-heading" mb="sm">
              {t('portal.forms.documentHeading')}
            </Title>
            <Typography>
              {/* Sanitised by the server on every write (server/src/lib/rich-text.ts). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, server-sanitised staff HTML. */}
              <div dangerouslySetInnerHTML={{ __html: data.body }} />
            </Typography>
          </Card>
          {data.status !== 'Signed' ? (
            <SignForm key={data.version} document={data} onSigned={() => document.refetch()} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
