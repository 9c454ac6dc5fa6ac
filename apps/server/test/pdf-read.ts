/** Reads a PDF back with pdf.js (legacy build, which runs in Node): its text per page and how many images it paints. */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ReadPdf {
  pages: number;
  /** each page's text, items joined by spaces */
  text: string[];
  /** image XObjects painted, over all pages */
  images: number;
  info: Record<string, unknown>;
  /** the web addresses of every link annotation, over all pages */
  links: string[];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, isEvalSupported: false })
    .promise;
  const text: string[] = [];
  let images = 0;
  const links: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    const ops = await page.getOperatorList();
    images += ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
    for (const annotation of (await page.getAnnotations()) as { subtype?: string; url?: string }[]) {
      if (annotation.subtype === 'Link' && annotation.url) links.push(annotation.url);
    }
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return { pages: doc.numPages, text, images, info: meta.info as Record<string, unknown>, links };
}
