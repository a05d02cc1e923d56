/**
 * The signed copy of a form as a PDF (issue 26, part 2; decision 036), made with pdfkit's standard fonts like
 * the statements (billing/statements.ts): the center's name, the form's title and version, the child, the
 * document text, each question with its answer, then the signature record (signer and account, the time on
 * the center's clock, IP address, browser, the consent given) and the SHA-256 of the canonical document.
 * Words in the signer's language (`signedFormPdf.*` of the server's message files).
 */
import PDFDocument from 'pdfkit';
import { calendarDateIn, clockTimeIn, mailT } from '../../i18n/family-mail.ts';

/** What the PDF prints; `body` is the sanitised HTML of the version in the signer's language. */
export type SignedPdfFacts = {
  centerName: string;
  title: string;
  version: number;
  childName: string | null;
  body: string;
  answers: { label: string; answer: string | boolean | null }[];
  signerName: string;
  signerUserId: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  consentVersion: string;
  sha256: string;
  timeZone: string;
  language: string;
};

/** The document's HTML as paragraphs of plain text (lists as "• item"), for print. */
export function htmlParagraphs(html: string): string[] {
  return html
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|h2|h3|h4|li|blockquote|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The signed PDF's bytes. */
export function signedFormPdf(facts: SignedPdfFacts): Promise<Buffer> {
  const t = mailT(facts.language);
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: facts.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(facts.centerName);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(14).text(facts.title);
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(t('signedFormPdf.version', { version: facts.version }));
  doc.text(facts.childName ? t('signedFormPdf.child', { name: facts.childName }) : t('signedFormPdf.family'));
  doc.fillColor('#000000').moveDown(0.8);
  doc.font('Helvetica').fontSize(10);
  for (const paragraph of htmlParagraphs(facts.body)) doc.text(paragraph).moveDown(0.4);
  if (facts.answers.length) {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(t('signedFormPdf.answers')).moveDown(0.3);
    for (const { label, answer } of facts.answers) {
      const value =
        answer === true
          ? t('signedFormPdf.yes')
          : answer === false
            ? t('signedFormPdf.no')
            : answer === null || answer === ''
              ? t('signedFormPdf.notAnswered')
              : answer;
      doc.font('Helvetica-Bold').fontSize(10).text(label);
      doc.font('Helvetica').text(value).moveDown(0.3);
    }
  }
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(t('signedFormPdf.heading')).moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  doc.text(t('signedFormPdf.signer', { name: facts.signerName, account: facts.signerUserId }));
  doc.text(
    t('signedFormPdf.time', {
      time: `${calendarDateIn(facts.signedAt, facts.timeZone, facts.language)}, ${clockTimeIn(facts.signedAt, facts.timeZone, facts.language)}`,
      timeZone: facts.timeZone,
    }),
  );
  doc.text(t('signedFormPdf.ip', { ip: facts.ipAddress }));
  doc.text(t('signedFormPdf.userAgent', { userAgent: facts.userAgent || '-' }));
  doc.text(t('signedFormPdf.consent', { version: facts.consentVersion }));
  doc.moveDown(0.3).text(t('signedFormPdf.hash'));
  doc.font('Courier').fontSize(9).text(facts.sha256);
  doc.font('Helvetica').fontSize(8).fillColor('#333333').moveDown(0.3).text(t('signedFormPdf.hashNote'));
  doc.end();
  return done;
}
