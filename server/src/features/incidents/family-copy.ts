/**
 * A family's copy of an incident report (issue 26, part 3; decision 037): the report as one plain text in the
 * family's language, naming only that family's own children; every other child involved is counted as
 * "another child". The page shows the same text, the parent signs its SHA-256, and the signature keeps the
 * text: what was signed can always be read back and checked. Pure: the caller gives every fact.
 */
import { createHash } from 'node:crypto';
import type { IncidentKind } from '@lc/contract';
import { CENTER, dayAndTimeIn, mailT } from '../../i18n/family-mail.ts';

/** One of the family's own children in the report. */
export type OwnChild = { firstName: string; note: string; parentCalled: boolean };

/** The facts of a family's copy. */
export type CopyFacts = {
  sessionName: string;
  occurredAt: Date;
  place: string;
  kind: IncidentKind;
  whatHappened: string;
  firstAid: string;
  witnesses: string;
  urgent: boolean;
  own: readonly OwnChild[];
  /** How many other families' children were involved (never named). */
  otherChildren: number;
  reportedBy: string | null;
};

/** The copy's text in `language` ('es' or English), times on the center's clock (`timeZone`). */
export function familyCopyText(facts: CopyFacts, language: string, timeZone: string): string {
  const t = mailT(language);
  const lines = [
    t('incidentCopy.title', { center: CENTER }),
    t('incidentCopy.session', { session: facts.sessionName }),
    t('incidentCopy.when', { at: dayAndTimeIn(facts.occurredAt, timeZone, language) }),
    t('incidentCopy.place', { place: facts.place }),
    t('incidentCopy.kind', { kind: t(`incidentCopy.kinds.${facts.kind}`) }),
  ];
  if (facts.urgent) lines.push(t('incidentCopy.urgent'));
  lines.push(t('incidentCopy.whatHappened', { text: facts.whatHappened }));
  lines.push(
    facts.firstAid ? t('incidentCopy.firstAid', { text: facts.firstAid }) : t('incidentCopy.noFirstAid'),
  );
  if (facts.witnesses) lines.push(t('incidentCopy.witnesses', { text: facts.witnesses }));
  for (const child of facts.own) {
    lines.push(
      child.note
        ? t('incidentCopy.child', { name: child.firstName, note: child.note })
        : t('incidentCopy.childNoNote', { name: child.firstName }),
    );
    if (child.parentCalled) lines.push(t('incidentCopy.parentCalled'));
  }
  if (facts.otherChildren > 0) lines.push(t('incidentCopy.others', { count: facts.otherChildren }));
  if (facts.reportedBy) lines.push(t('incidentCopy.reportedBy', { name: facts.reportedBy }));
  return lines.join('\n');
}

/** The SHA-256 of a copy's text (UTF-8), as 64 lowercase hex digits. */
export function copySha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
