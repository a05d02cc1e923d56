/**
 * The parts every PDF the center writes shares (statements, the inspector's records): a US Letter document
 * collected into one Buffer, the center's letterhead, and a table row that wraps its cells and starts a new
 * page when it would not fit. pdfkit with its standard fonts (Helvetica), so nothing is installed; sizes are
 * PDF points (1/72 inch). Tests read a PDF back as text with `unpdf`.
 */
import PDFDocument from 'pdfkit';

/** What a PDF prints of the center (config `center`). */
export type CenterFacts = { name: string; address: string; ein: string | undefined };

/**
 * A letter-size document (portrait unless `layout` says landscape; `page` gives another size in points and its
 * margin, as for a wallet card) and the Buffer it becomes once ended.
 */
export function newDocument(
  title: string,
  layout: 'portrait' | 'landscape' = 'portrait',
  page: { size: 'LETTER' | [number, number]; margin: number } = { size: 'LETTER', margin: 54 },
) {
  const doc = new PDFDocument({ size: page.size, layout, margin: page.margin, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The center's name and address at the top of a document. */
export function letterhead(doc: PDFKit.PDFDocument, center: Pick<CenterFacts, 'name' | 'address'>) {
  doc.font('Helvetica-Bold').fontSize(16).text(center.name);
  doc.font('Helvetica').fontSize(10).fillColor('#333333').text(center.address).fillColor('#000000');
  doc.moveDown(1.2);
}

/** A table column: its width in points and how its cells align. */
export type Column = { width: number; align?: 'left' | 'right' };

/** One table row at the cursor; a new page first when it would not fit. Answers nothing; moves the cursor. */
export function row(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], bold = false) {
  const left = doc.page.margins.left;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const height = Math.max(
    ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 6 })),
  );
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const y = doc.y;
  let x = left;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc.text(cell, x, y, { width: column.width - 6, align: column.align ?? 'left' });
    x += column.width;
  });
  doc.x = left;
  doc.y = y + height + 4;
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + columns.reduce((sum, c) => sum + c.width, 0), doc.y - 2)
    .strokeColor('#cccccc')
    .lineWidth(0.5)
    .stroke()
    .strokeColor('#000000');
}
