/**
 * The demo's scanned papers (a CPR card, a child's physical exam form) as small PDFs made with pdfkit: `draw`
 * writes the page; answers the file's bytes. Only the demo uses it; the center's own PDFs (signed forms,
 * incident copies, the licensing records) have their own renderers.
 */
import PDFDocument from 'pdfkit';

/** A one-document PDF of `size` (points, or a paper name like "LETTER") titled `title`, drawn by `draw`. */
export function demoPdf(
  size: [number, number] | string,
  title: string,
  draw: (doc: PDFKit.PDFDocument) => void,
  margin = 14,
): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
