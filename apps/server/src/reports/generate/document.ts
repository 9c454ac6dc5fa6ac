import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  BLADES,
  type CampaignMethod,
  DEPTH_CLASS_LABELS,
  FINDING_STATUS_LABELS,
  FINDING_SURFACE_LABELS,
  FINDING_TYPE_LABELS,
  type FindingStatus,
  type FindingSurface,
  type FindingType,
  isOpenFindingStatus,
  PHOTO_CATEGORIES,
  SEVERITIES,
  SEVERITY_SCALE,
  type Severity,
  displayCity,
  stripAxisLength,
  waiverCovers,
} from '@windscope/contract';
import { assetFacts } from './asset-facts.ts';
import type { ReportFinding, ReportInputs, ReportReviewer, ReportTurbine } from './load.ts';
import { type ReportStringKey, reportDate, reportNumber, reportText } from './strings.ts';

/** The generated inspection report (issue 17) as a PDF, drawn with pdfkit in DejaVu Sans (embedded, subset): cover,
 *  contents, then per turbine summary, turbine data, strip maps, one section per finding and coverage; severity scale
 *  and sign-off last. Pages are buffered so the contents, headers and "page n of N" are written once the page count is
 *  known. Nothing in it depends on the clock but the issue date (also the metadata dates and so the file ID). */

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Changes of layout change this, so their documents get another inputs hash. */
export const GENERATOR_VERSION = 3;

export interface PreparedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface RenderOptions {
  /** the issue date (printed, and the metadata dates) */
  issueDate: Date;
  inputsHash: string;
  /** the address of the Windscope the report came from (PUBLIC_URL): each finding links to its page there */
  appUrl?: string;
  /** crops by storage key, already at print size */
  images: ReadonlyMap<string, PreparedImage>;
  /** called as sections are laid out (0..1); awaited, so the output drains meanwhile */
  onProgress?: (fraction: number) => Promise<void> | void;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 64, bottom: 58, left: 50, right: 50 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const ACCENT = '#0b5d6b';
/** severity colours and the text colour readable on them */
const SEVERITY_COLOURS: Record<Severity, { fill: string; text: string }> = {
  1: { fill: '#2f9e44', text: '#ffffff' },
  2: { fill: '#94d82d', text: '#1f2933' },
  3: { fill: '#fab005', text: '#1f2933' },
  4: { fill: '#e8590c', text: '#ffffff' },
  5: { fill: '#c92a2a', text: '#ffffff' },
};
export const CROP_PRINT_BOX = { width: 112, height: 96 };
const TOC_LINE = 15;

interface TocEntry {
  title: string;
  level: number;
  page: number;
  dest: string;
}

/** The document (a readable stream of the PDF's bytes) and draw(), which lays it out and ends it. */
export function renderReport(inputs: ReportInputs, options: RenderOptions): { doc: PDFKit.PDFDocument; draw(): Promise<void> } {
  const lang = inputs.language;
  const t = (key: ReportStringKey, params?: Record<string, string | number>) => reportText(lang, key, params);
  // who reviewed the findings, one entry per person and role across the turbines; the person generating the report
  // is said to have prepared it too (issue 24 item 6: compared by user account, not by name)
  const reviewers = [...new Map(inputs.turbines.flatMap((x) => x.reviewers).map((r) => [`${r.isAuthor}:${r.name}`, r])).values()];
  const reviewerNames = (list: ReportReviewer[]) => list.map((r) => (r.isAuthor ? t('alsoAuthor', { name: r.name }) : r.name)).join(', ');
  const upper = (text: string) => text.toLocaleUpperCase(lang === 'tr' ? 'tr-TR' : 'en-GB');
  const issueDay = options.issueDate.toISOString().slice(0, 10);
  const isCampaign = inputs.campaign !== null || inputs.turbines.length > 1;
  const title = isCampaign ? t('campaignTitle') : t('title');
  const subject = isCampaign
    ? (inputs.campaign?.name ?? inputs.turbines.map((x) => x.code).join(', '))
    : `${inputs.turbines[0]?.code ?? ''}`;

  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    pdfVersion: '1.7',
    lang: lang === 'tr' ? 'tr-TR' : 'en-GB',
    displayTitle: true,
    info: {
      Title: `${title} - ${subject}`,
      Author: inputs.author || inputs.company.name,
      Subject: subject,
      Creator: 'Windscope',
      Producer: 'Windscope',
      CreationDate: options.issueDate,
      ModDate: options.issueDate,
    },
  });
  doc.registerFont('body', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);

  /** Characters the embedded font has no glyph for are written as their code point, never silently replaced. */
  const font = () => (doc as unknown as { _font: { font?: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
  const safe = (text: string): string => {
    const f = font();
    if (!f) return text;
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      out += cp < 32 || f.hasGlyphForCodePoint(cp) ? ch : `[U+${cp.toString(16).toUpperCase().padStart(4, '0')}]`;
    }
    return out;
  };
  const write = (text: string, x?: number, y?: number, opts?: PDFKit.Mixins.TextOptions) =>
    x === undefined ? doc.text(safe(text), opts) : doc.text(safe(text), x, y, opts);

  const toc: TocEntry[] = [];
  let destinations = 0;
  const pageIndex = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
  const mark = (entryTitle: string, level: number) => {
    const dest = `s${++destinations}`;
    doc.addNamedDestination(dest, 'XYZ', null, doc.y + 20, null);
    toc.push({ title: entryTitle, level, page: pageIndex(), dest });
    if (level === 0) doc.outline.addItem(entryTitle);
    else lastOutline?.addItem(entryTitle);
    return dest;
  };
  let lastOutline: PDFKit.PDFOutline | null = null;
  const chapter = (entryTitle: string) => {
    mark(entryTitle, 0);
    lastOutline = doc.outline.children?.at(-1) as PDFKit.PDFOutline | null;
  };
  const newPage = () => {
    doc.addPage();
    doc.x = MARGIN.left;
    doc.y = MARGIN.top;
  };
  const ensureSpace = (height: number) => {
    if (doc.y + height > BOTTOM) newPage();
  };
  const heading = (text: string, level: 0 | 1 | 2 = 1) => {
    const size = level === 0 ? 17 : level === 1 ? 13 : 11;
    ensureSpace(size * 3);
    doc
      .font('bold')
      .fontSize(size)
      .fillColor(level === 2 ? INK : ACCENT);
    write(level === 2 ? text : upper(text), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    if (level < 2) {
      doc
        .moveTo(MARGIN.left, doc.y + 2)
        .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y + 2)
        .lineWidth(level === 0 ? 1.2 : 0.6)
        .strokeColor(ACCENT)
        .stroke();
    }
    doc.y += level === 0 ? 10 : 7;
    doc.font('body').fontSize(9.5).fillColor(INK);
  };
  const paragraph = (text: string, colour = INK, size = 9.5) => {
    doc.font('body').fontSize(size).fillColor(colour);
    write(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    doc.y += 4;
  };

  /** A simple table: header row, then rows; columns by width. */
  const table = (
    columns: { title: string; width: number; align?: 'left' | 'right' | 'center' }[],
    rows: string[][],
    opts: { rowHeight?: number; fills?: (string | null)[][]; wrap?: boolean } = {},
  ) => {
    const rowHeight = opts.rowHeight ?? 16;
    // a header wraps onto as many lines as its longest title needs: a cut "Süresi…" / "Overd…" told the reader
    // nothing (issue 24 item 8)
    doc.font('bold').fontSize(8.5);
    const headerHeight = Math.max(
      rowHeight,
      ...columns.map((c) => Math.ceil(doc.heightOfString(safe(c.title), { width: c.width - 8 })) + 7),
    );
    const drawHeader = () => {
      let x = MARGIN.left;
      doc.rect(MARGIN.left, doc.y, CONTENT_WIDTH, headerHeight).fill('#e6eef0');
      doc.font('bold').fontSize(8.5).fillColor(INK);
      const y = doc.y;
      for (const c of columns) {
        write(c.title, x + 4, y + 4, { width: c.width - 8, align: c.align ?? 'left' });
        x += c.width;
      }
      doc.y = y + headerHeight;
    };
    ensureSpace(headerHeight + rowHeight);
    drawHeader();
    rows.forEach((row, r) => {
      // wrapped rows are as high as their longest cell; others one line, cut with an ellipsis
      doc.font('body').fontSize(8.5);
      const height = opts.wrap
        ? Math.max(
            rowHeight,
            ...row.map((cell, i) => Math.ceil(doc.heightOfString(safe(cell), { width: (columns[i]?.width ?? 16) - 8 })) + 8),
          )
        : rowHeight;
      if (doc.y + height > BOTTOM) {
        newPage();
        drawHeader();
      }
      const y = doc.y;
      let x = MARGIN.left;
      row.forEach((cell, i) => {
        const c = columns[i];
        if (!c) return;
        const fill = opts.fills?.[r]?.[i];
        if (fill) doc.rect(x + 1, y + 1, c.width - 2, height - 2).fill(fill);
        doc
          .font('body')
          .fontSize(8.5)
          .fillColor(fill && fill !== '#f8f9fa' ? textOn(fill) : INK);
        write(
          cell,
          x + 4,
          y + 4,
          opts.wrap
            ? { width: c.width - 8, align: c.align ?? 'left' }
            : { width: c.width - 8, height: rowHeight - 6, align: c.align ?? 'left', lineBreak: false, ellipsis: true },
        );
        x += c.width;
      });
      doc
        .moveTo(MARGIN.left, y + height)
        .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      doc.y = y + height;
    });
    doc.x = MARGIN.left;
    doc.y += 8;
    doc.fillColor(INK);
  };
  const textOn = (fill: string) => Object.values(SEVERITY_COLOURS).find((c) => c.fill === fill)?.text ?? INK;

  /** label: value rows in two columns of a key-value block */
  /** label and value rows; a third element makes the value a link to that address */
  const facts = (pairs: [string, string, string?][], labelWidth = 150) => {
    for (const [label, value, link] of pairs) {
      doc.font('body').fontSize(9.5);
      const valueHeight = doc.heightOfString(safe(value), { width: CONTENT_WIDTH - labelWidth });
      doc.font('bold');
      const labelHeight = doc.heightOfString(safe(label), { width: labelWidth - 8 });
      const h = Math.max(14, valueHeight + 3, labelHeight + 3);
      ensureSpace(h);
      const y = doc.y;
      doc.font('bold').fontSize(9.5).fillColor(MUTED);
      write(label, MARGIN.left, y, { width: labelWidth - 8 });
      doc.font('body').fillColor(link ? ACCENT : INK);
      write(value, MARGIN.left + labelWidth, y, { width: CONTENT_WIDTH - labelWidth, ...(link ? { link, underline: true } : {}) });
      doc.y = y + h;
    }
    doc.y += 4;
  };

  const severityLabel = (s: number) => `${s} · ${SEVERITY_SCALE[s as Severity]?.[lang] ?? s}`;
  const typeLabel = (type: string) => FINDING_TYPE_LABELS[type as FindingType]?.[lang] ?? type;
  const surfaceLabel = (f: { surface: string; room: number | null }) =>
    `${FINDING_SURFACE_LABELS[f.surface as FindingSurface]?.[lang] ?? f.surface}${f.surface === 'interior' && f.room ? `, ${t('room', { n: f.room })}` : ''}`;
  const statusLabel = (s: string) => FINDING_STATUS_LABELS[s as FindingStatus]?.[lang] ?? s;
  const day = (iso: string | null) => (iso ? reportDate(lang, iso) : t('none'));
  const mm = (v: number | null) => (v == null ? '' : reportNumber(lang, v, 0));
  const findingTitle = (f: ReportFinding) =>
    `${t('finding', { n: f.number })} (#${f.id}): ${typeLabel(f.type)}, ${severityLabel(f.severity)}`;
  /** a finding's page in the app (its turbine's Findings section opens it), for a reader to look it up (issue 24 item 7) */
  const findingUrl = (turbine: ReportTurbine, f: ReportFinding) =>
    options.appUrl ? `${options.appUrl.replace(/\/$/, '')}/dashboard/turbine/${turbine.id}?finding=${f.id}` : null;
  const findingDest = new Map<string, string>();

  return { doc, draw };

  async function draw() {
    // ---------- cover ----------
    newPage();
    const first = inputs.turbines[0];
    doc.rect(0, 0, PAGE.width, 210).fill(ACCENT);
    doc.font('bold').fontSize(11).fillColor('#ffffff');
    write('WINDSCOPE', MARGIN.left, 60, { characterSpacing: 2 });
    doc.font('bold').fontSize(26);
    write(upper(title), MARGIN.left, 96, { width: CONTENT_WIDTH });
    doc.font('body').fontSize(14);
    write(isCampaign ? subject : `${first?.displayName ?? ''} (${first?.code ?? ''})`, MARGIN.left, doc.y + 6, { width: CONTENT_WIDTH });
    doc.y = 250;
    const sites = [...new Set(inputs.turbines.map((x) => x.siteName || x.location))].join(', ');
    const years = [...new Set(inputs.turbines.map((x) => x.year))].sort().join(', ');
    const from =
      inputs.turbines
        .map((x) => x.inspectionFrom)
        .filter((x): x is string => !!x)
        .sort()[0] ?? null;
    const to =
      inputs.turbines
        .map((x) => x.inspectionTo)
        .filter((x): x is string => !!x)
        .sort()
        .at(-1) ?? null;
    const campaignDates = inputs.campaign?.startsOn ? `${day(inputs.campaign.startsOn)} – ${day(inputs.campaign.endsOn)}` : null;
    // a turbine report names the campaigns its turbine is in that year (issue 24 item 10)
    const campaignNames = inputs.campaign ? [inputs.campaign.name] : [...new Set(inputs.turbines.flatMap((x) => x.campaigns))];
    // who prepared the document and who reviewed the findings are two roles: one person in both is said so (item 6)
    const reviewerText = reviewerNames(reviewers);
    facts(
      [
        [t('company'), inputs.company.name],
        [t('site'), sites || t('none')],
        [
          isCampaign ? t('turbines') : t('turbine'),
          inputs.turbines.map((x) => `${x.code}${x.displayName !== x.code ? ` (${x.displayName})` : ''}`).join(', '),
        ],
        [t('campaign'), campaignNames.join(', ') || t('none')],
        [t('inspectionYear'), years],
        [t('inspectionDates'), campaignDates ?? (from ? `${day(from)} – ${day(to)}` : t('none'))],
        [t('author'), inputs.author || t('none')],
        [t('reviewer'), reviewerText || t('none')],
        [t('issueDate'), day(issueDay)],
      ],
      170,
    );
    doc.font('body').fontSize(7.5).fillColor(MUTED);
    write(t('generatedNote', { hash: options.inputsHash.slice(0, 16) }), MARGIN.left, BOTTOM - 24, { width: CONTENT_WIDTH });

    // a campaign's turbines with no photo of the year and no reviewed finding get one line in a table of the summary,
    // not pages saying "no reviewed findings" (issue 24 item 8)
    const inspected = inputs.turbines.filter((x) => !isCampaign || x.findings.length > 0 || x.yearPhotoCount > 0);
    const notInspected = inputs.turbines.filter((x) => !inspected.includes(x));

    // ---------- contents: pages reserved now, written at the end ----------
    const tocEntryCount =
      inspected.reduce((n, x) => n + 6 + x.findings.length, 0) + 2 + (isCampaign ? 1 : 0) + (notInspected.length ? 1 : 0);
    const firstTocLines = Math.floor((BOTTOM - MARGIN.top - 40) / TOC_LINE);
    const tocLines = Math.floor((BOTTOM - MARGIN.top) / TOC_LINE);
    const tocPages = tocEntryCount <= firstTocLines ? 1 : 1 + Math.ceil((tocEntryCount - firstTocLines) / tocLines);
    const tocStart = pageIndex() + 1;
    for (let i = 0; i < tocPages; i++) newPage();

    // ---------- campaign overview ----------
    const totalUnits = inspected.reduce((n, x) => n + x.findings.length, 0) + inspected.length * 6;
    let doneUnits = 0;
    const progress = async (units = 1) => {
      doneUnits += units;
      await options.onProgress?.(Math.min(1, doneUnits / Math.max(1, totalUnits)));
      // let the output drain between sections
      await new Promise((resolve) => setImmediate(resolve));
    };
    if (isCampaign) {
      newPage();
      chapter(t('summary'));
      heading(t('summary'), 0);
      paragraph(t('summaryIntro'), MUTED);
      // 99 + 5 x 55 + 45 + 76 = the content width: every word of a header fits its column ("Moderate" 46 pt, "Toplam"
      // 34 pt, "Süresi geçmiş" 67 pt in bold 8.5 pt, plus 8 pt of padding); a long header wraps
      table(
        [
          { title: t('turbine'), width: 99 },
          ...SEVERITIES.map((s) => ({ title: SEVERITY_SCALE[s][lang], width: 55, align: 'right' as const })),
          { title: t('total'), width: 45, align: 'right' },
          { title: t('overdueRepairs'), width: 76, align: 'right' },
        ],
        inspected.map((x) => [
          x.code,
          ...SEVERITIES.map((s) => String(x.findings.filter((f) => f.severity === s).length)),
          String(x.findings.length),
          String(x.findings.filter((f) => f.overdue).length),
        ]),
        // a long turbine code wraps in its cell instead of being cut ("RG-KUZEY-YAMAÇ-…"): it is how a reader finds it
        { wrap: true },
      );
      if (notInspected.length) {
        doc.y += 6;
        mark(t('notInspected'), 1);
        heading(t('notInspected'), 2);
        paragraph(t('notInspectedIntro', { year: years }), MUTED);
        table(
          [
            { title: t('turbineCode'), width: 160 },
            { title: t('turbineName'), width: 130 },
            { title: t('why'), width: CONTENT_WIDTH - 290 },
          ],
          notInspected.map((x) => [x.code, x.name ?? t('none'), whyNotInspected(x)]),
          { wrap: true },
        );
      }
    }

    /** no photos, or every planned method waived for the turbine as a whole (with the reasons) */
    function whyNotInspected(turbine: ReportTurbine): string {
      const methods: readonly CampaignMethod[] = inputs.campaign?.methods ?? [];
      const whole = turbine.waivers.filter((w) => w.blade === null);
      if (methods.length > 0 && methods.every((m) => whole.some((w) => w.method === m)))
        return t('waivedAll', { reason: [...new Set(whole.map((w) => w.reason))].join(' · ') });
      return t('noPhotos', { year: turbine.year });
    }

    // ---------- per turbine ----------
    for (const turbine of inspected) {
      await renderTurbine(turbine);
    }

    function stripMap(turbine: ReportTurbine, blade: string, axisLength: number) {
      const list = turbine.findings.filter((f) => f.blade === blade);
      const lanes = ['LE', 'PS', 'SS', 'TE', 'interior'] as const;
      const laneHeight = 20;
      const labelWidth = 78;
      const x0 = MARGIN.left + labelWidth;
      const width = CONTENT_WIDTH - labelWidth - 8;
      const silhouette = 28;
      const height = 18 + silhouette + lanes.length * laneHeight + 30;
      ensureSpace(height + 24);
      heading(t('stripMap', { blade }), 2);
      const top = doc.y;
      // blade silhouette, root (left) to tip (right): a cylinder root, the widest chord at a fifth, a thin tip
      const cy = top + silhouette / 2;
      const at = (f: number) => x0 + f * width;
      doc
        .moveTo(at(0), cy - 7)
        .lineTo(at(0.04), cy - 7)
        .bezierCurveTo(at(0.1), cy - 7, at(0.14), cy - 15, at(0.22), cy - 15)
        .bezierCurveTo(at(0.5), cy - 13, at(0.85), cy - 6, at(1), cy - 1)
        .lineTo(at(1), cy + 1)
        .bezierCurveTo(at(0.85), cy + 3, at(0.5), cy + 6, at(0.22), cy + 8)
        .bezierCurveTo(at(0.14), cy + 8, at(0.1), cy + 7, at(0.04), cy + 7)
        .lineTo(at(0), cy + 7)
        .closePath()
        .lineWidth(0.8)
        .fillAndStroke('#e9ecef', '#495057');
      doc.font('body').fontSize(7.5).fillColor(MUTED);
      write(t('root'), MARGIN.left, cy - 4, { width: labelWidth - 6, align: 'right' });
      // lanes
      const lanesTop = top + silhouette + 4;
      lanes.forEach((lane, i) => {
        const y = lanesTop + i * laneHeight;
        if (i % 2 === 0) doc.rect(x0, y, width, laneHeight).fill('#f8f9fa');
        doc.font('body').fontSize(7.5).fillColor(INK);
        write(FINDING_SURFACE_LABELS[lane][lang], MARGIN.left, y + laneHeight / 2 - 4, {
          width: labelWidth - 6,
          align: 'right',
          lineBreak: false,
        });
      });
      doc
        .rect(x0, lanesTop, width, lanes.length * laneHeight)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      // axis: a tick every 5 or 10 m
      const axisY = lanesTop + lanes.length * laneHeight;
      const step = axisLength > 60 ? 10 : 5;
      doc.font('body').fontSize(7).fillColor(MUTED);
      for (let m = 0; m <= axisLength; m += step) {
        const x = x0 + (m / axisLength) * width;
        doc
          .moveTo(x, lanesTop)
          .lineTo(x, axisY + 3)
          .lineWidth(0.3)
          .strokeColor(RULE)
          .stroke();
        write(String(m), x - 12, axisY + 5, { width: 24, align: 'center', lineBreak: false });
      }
      // the tip of a blade of known length, when it falls between two ticks
      if (axisLength % step !== 0 && axisLength % step > step / 3) {
        doc
          .moveTo(x0 + width, lanesTop)
          .lineTo(x0 + width, axisY + 3)
          .lineWidth(0.3)
          .strokeColor(RULE)
          .stroke();
        write(reportNumber(lang, axisLength), x0 + width - 14, axisY + 5, { width: 28, align: 'center', lineBreak: false });
      }
      write(`${t('distanceAxis')} · ${t('tip')} →`, x0, axisY + 15, { width, align: 'right', lineBreak: false });
      // markers: within a lane, two rows so that neighbours do not cover each other
      const radius = 5.5;
      const lastX: Record<string, [number, number]> = {};
      const sorted = list
        .filter((f) => f.distanceFromRootM != null)
        .sort((a, b) => (a.distanceFromRootM ?? 0) - (b.distanceFromRootM ?? 0) || a.number - b.number);
      for (const f of sorted) {
        const lane = Math.max(0, lanes.indexOf(f.surface as (typeof lanes)[number]));
        const x = x0 + Math.min(1, (f.distanceFromRootM ?? 0) / axisLength) * width;
        const rows = lastX[lane] ?? [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
        lastX[lane] = rows;
        const row = x - rows[0] >= radius * 2 + 1 ? 0 : x - rows[1] >= radius * 2 + 1 ? 1 : rows[0] <= rows[1] ? 0 : 1;
        rows[row] = x;
        const y = lanesTop + lane * laneHeight + (row === 0 ? laneHeight * 0.34 : laneHeight * 0.72);
        const colours = SEVERITY_COLOURS[f.severity as Severity] ?? SEVERITY_COLOURS[1];
        doc.circle(x, y, radius).lineWidth(0.6).fillAndStroke(colours.fill, '#343a40');
        doc
          .font('bold')
          .fontSize(f.number > 99 ? 5 : 6.5)
          .fillColor(colours.text);
        write(String(f.number), x - radius, y - (f.number > 99 ? 2.6 : 3.3), { width: radius * 2, align: 'center', lineBreak: false });
        // on-silhouette tick
        doc
          .moveTo(x, cy - 3)
          .lineTo(x, cy + 3)
          .lineWidth(1)
          .strokeColor(colours.fill)
          .stroke();
      }
      doc.x = MARGIN.left;
      doc.y = axisY + 27;
      const unplaced = list.filter((f) => f.distanceFromRootM == null);
      doc.font('body').fontSize(8.5).fillColor(MUTED);
      if (list.length === 0) write(t('noFindingsOnBlade'), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
      else if (unplaced.length)
        write(t('noDistance', { list: unplaced.map((f) => f.number).join(', ') }), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
      doc.y += 10;
      doc.fillColor(INK);
    }

    function findingSection(turbine: ReportTurbine, f: ReportFinding) {
      const crops = f.crops;
      const perRow = 4;
      const cropRows = Math.max(1, Math.ceil(crops.length / perRow));
      const estimated = 22 + 13 * 9 + cropRows * (CROP_PRINT_BOX.height + 18) + 16 + f.events.length * 12 + (f.notes ? 30 : 0);
      ensureSpace(Math.min(estimated, BOTTOM - MARGIN.top));
      const titleText = findingTitle(f);
      const dest = mark(`${isCampaign ? `${turbine.code} ` : ''}${titleText}`, isCampaign ? 2 : 1);
      findingDest.set(`${turbine.id}:${f.id}`, dest);
      // title bar with the severity colour
      const colours = SEVERITY_COLOURS[f.severity as Severity] ?? SEVERITY_COLOURS[1];
      const y = doc.y;
      doc.rect(MARGIN.left, y, 6, 18).fill(colours.fill);
      doc.font('bold').fontSize(11).fillColor(INK);
      write(titleText, MARGIN.left + 12, y + 3, { width: CONTENT_WIDTH - 12, lineBreak: false, ellipsis: true });
      doc.y = y + 24;
      const scale = SEVERITY_SCALE[f.severity as Severity];
      const size =
        f.lengthMm != null && f.widthMm != null
          ? t('sizeValue', { l: mm(f.lengthMm), w: mm(f.widthMm) })
          : f.lengthMm != null
            ? t('lengthValue', { l: mm(f.lengthMm) })
            : t('none');
      const position = [
        `${t('blade')} ${f.blade}`,
        surfaceLabel(f),
        f.distanceFromRootM != null ? t('distance', { m: reportNumber(lang, f.distanceFromRootM, 1) }) : null,
      ]
        .filter(Boolean)
        .join(', ');
      const url = findingUrl(turbine, f);
      const pairs: [string, string, string?][] = [
        url ? [t('inApp'), `#${f.id} · ${url}`, url] : [t('inApp'), `#${f.id}`],
        [t('type'), typeLabel(f.type)],
        [t('severity'), `${severityLabel(f.severity)}: ${scale?.meaning[lang] ?? ''}. ${scale?.action[lang] ?? ''}`],
        [t('position'), position],
        [
          t('size'),
          size + (f.depthClass ? `; ${t('depth')}: ${DEPTH_CLASS_LABELS[f.depthClass as 1 | 2 | 3 | 4]?.[lang] ?? f.depthClass}` : ''),
        ],
        [t('status'), statusLabel(f.status)],
        [t('dueDate'), f.dueDate ? `${day(f.dueDate)}${f.overdue ? ` ${t('overdue')}` : ''}` : t('none')],
        [
          t('seen'),
          Object.entries(f.severityByYear)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([year, s]) => `${year} (${SEVERITY_SCALE[s as Severity]?.[lang] ?? s})`)
            .join(', ') || `${f.firstSeenYear}`,
        ],
      ];
      if (f.growth?.mm_per_year != null) pairs.push([t('growth'), t('growthValue', { mm: reportNumber(lang, f.growth.mm_per_year, 1) })]);
      if (f.notes) pairs.push([t('notes'), f.notes]);
      facts(pairs, 120);
      // evidence crops, oldest first, each with its year
      doc.font('bold').fontSize(9).fillColor(MUTED);
      write(t('evidence'), MARGIN.left, doc.y);
      doc.y += 3;
      const gap = (CONTENT_WIDTH - perRow * CROP_PRINT_BOX.width) / (perRow - 1);
      if (crops.length === 0) {
        doc.font('body').fontSize(8.5).fillColor(MUTED);
        write(t('noCrop'), MARGIN.left, doc.y);
      }
      for (let r = 0; r < cropRows && crops.length; r++) {
        ensureSpace(CROP_PRINT_BOX.height + 18);
        const rowTop = doc.y;
        crops.slice(r * perRow, r * perRow + perRow).forEach((crop, i) => {
          const x = MARGIN.left + i * (CROP_PRINT_BOX.width + gap);
          doc.rect(x, rowTop, CROP_PRINT_BOX.width, CROP_PRINT_BOX.height).fill('#f1f3f5');
          const image = options.images.get(crop.key);
          if (image) {
            doc.image(image.jpeg, x, rowTop, { fit: [CROP_PRINT_BOX.width, CROP_PRINT_BOX.height], align: 'center', valign: 'center' });
          } else {
            doc.font('body').fontSize(8).fillColor(MUTED);
            write(t('noCrop'), x, rowTop + CROP_PRINT_BOX.height / 2 - 4, { width: CROP_PRINT_BOX.width, align: 'center' });
          }
          doc.rect(x, rowTop, CROP_PRINT_BOX.width, CROP_PRINT_BOX.height).lineWidth(0.5).strokeColor(RULE).stroke();
          doc.font('body').fontSize(7.5).fillColor(INK);
          const caption = `${crop.year}${crop.kind === 'repair' ? ` · ${t('repairEvidence')}` : ''} · ${SEVERITY_SCALE[crop.severity as Severity]?.[lang] ?? crop.severity}${crop.lengthMm != null ? ` · ${mm(crop.lengthMm)} mm` : ''}`;
          write(caption, x, rowTop + CROP_PRINT_BOX.height + 3, {
            width: CROP_PRINT_BOX.width,
            align: 'center',
            lineBreak: false,
            ellipsis: true,
          });
        });
        doc.x = MARGIN.left;
        doc.y = rowTop + CROP_PRINT_BOX.height + 16;
      }
      // history
      if (f.events.length) {
        ensureSpace(14 + f.events.length * 12);
        doc.font('bold').fontSize(9).fillColor(MUTED);
        write(t('history'), MARGIN.left, doc.y);
        doc.font('body').fontSize(8.5).fillColor(INK);
        for (const e of f.events) {
          const what =
            e.kind === 'created'
              ? t('eventCreated')
              : e.kind === 'status'
                ? t('eventStatus', { status: statusLabel(e.status ?? '') })
                : e.kind === 'severity'
                  ? t('eventSeverity', { from: severityLabel(e.from ?? 0), to: severityLabel(e.to ?? 0) })
                  : t('eventLinked');
          write(
            `${day(e.day)} · ${e.actorName} · ${what}${e.reason ? ` · ${t('reason', { reason: e.reason })}` : ''}`,
            MARGIN.left + 8,
            doc.y,
            {
              width: CONTENT_WIDTH - 8,
            },
          );
        }
      }
      doc.y += 6;
      doc
        .moveTo(MARGIN.left, doc.y)
        .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      doc.y += 12;
    }

    function coverageTable(turbine: ReportTurbine) {
      const c = turbine.coverage;
      paragraph(t('coverageIntro', { year: c.year }), MUTED);
      const sourceLabel = (s: string) => t(s as ReportStringKey);
      // an empty cell a waiver covers reads "waived (n)", its reason under the table (issue 24 item 8: it read "none")
      const reasons: string[] = [];
      const cell = (n: number, method: CampaignMethod, blade: (typeof BLADES)[number], room: number | null) => {
        if (n > 0) return String(n);
        const waiver = turbine.waivers.find((w) => waiverCovers(w, method, { blade, room }));
        if (!waiver) return t('notCovered');
        if (!reasons.includes(waiver.reason)) reasons.push(waiver.reason);
        return `${t('waived')} (${reasons.indexOf(waiver.reason) + 1})`;
      };
      const rows: string[][] = [];
      for (const source of PHOTO_CATEGORIES)
        rows.push([sourceLabel(source), ...BLADES.map((b) => cell(c.sources[source][b], source, b, null))]);
      const roomCount = Math.max(c.rooms, ...BLADES.map((b) => c.interior[b].length));
      for (let room = 1; room <= roomCount; room++)
        rows.push([t('interior', { n: room }), ...BLADES.map((b) => cell(c.interior[b][room - 1] ?? 0, 'interior', b, room))]);
      const fillOf = (v: string) => (v === t('notCovered') ? '#fff4e6' : v.startsWith(t('waived')) ? '#f1f3f5' : null);
      table(
        [{ title: t('source'), width: 195 }, ...BLADES.map((b) => ({ title: `${t('blade')} ${b}`, width: 100, align: 'right' as const }))],
        rows,
        { fills: rows.map((row) => [null, ...row.slice(1).map(fillOf)]) },
      );
      reasons.forEach((reason, i) => {
        paragraph(t('waivedNote', { n: i + 1, reason }), MUTED, 8.5);
      });
    }

    // ---------- severity scale and sign-off ----------
    newPage();
    chapter(t('severityScale'));
    heading(t('severityScale'));
    table(
      [
        { title: t('severity'), width: 110 },
        { title: t('meaning'), width: 205 },
        { title: t('action'), width: 180 },
      ],
      SEVERITIES.map((s) => [severityLabel(s), SEVERITY_SCALE[s].meaning[lang], SEVERITY_SCALE[s].action[lang]]),
      { rowHeight: 26, fills: SEVERITIES.map((s) => [SEVERITY_COLOURS[s].fill, null, null]) },
    );
    doc.y += 10;
    chapter(t('signOff'));
    heading(t('signOff'));
    paragraph(t('signOffText'));
    doc.y += 16;
    const boxWidth = (CONTENT_WIDTH - 30) / 2;
    const signTop = doc.y;
    const blocks: [string, string][] = [
      [t('preparedBy'), inputs.author || ''],
      [t('reviewedBy'), reviewerNames(reviewers)],
    ];
    blocks.forEach(([label, name], i) => {
      const x = MARGIN.left + i * (boxWidth + 30);
      doc.font('bold').fontSize(10).fillColor(INK);
      write(label, x, signTop, { width: boxWidth });
      doc.font('body').fontSize(9.5);
      write(name || ' ', x, signTop + 16, { width: boxWidth });
      for (const [j, line] of [t('date'), t('signature')].entries()) {
        const ly = signTop + 62 + j * 44;
        doc
          .moveTo(x, ly)
          .lineTo(x + boxWidth, ly)
          .lineWidth(0.6)
          .strokeColor('#495057')
          .stroke();
        doc.font('body').fontSize(8).fillColor(MUTED);
        write(line, x, ly + 3, { width: boxWidth });
      }
    });

    // ---------- contents ----------
    const range = doc.bufferedPageRange();
    const total = range.count;
    let line = 0;
    let tocPage = tocStart;
    doc.switchToPage(tocStart);
    doc.y = MARGIN.top;
    heading(t('contents'), 0);
    doc.outline.addItem(t('contents'));
    for (const entry of toc) {
      const capacity = tocPage === tocStart ? firstTocLines : tocLines;
      if (line >= capacity) {
        tocPage++;
        line = 0;
        doc.switchToPage(tocPage);
        doc.y = MARGIN.top;
      }
      const y = doc.y;
      const indent = entry.level * 14;
      doc
        .font(entry.level === 0 ? 'bold' : 'body')
        .fontSize(entry.level === 0 ? 10 : 9)
        .fillColor(INK);
      const pageText = String(entry.page + 1);
      const pageWidth = 30;
      write(entry.title, MARGIN.left + indent, y, {
        width: CONTENT_WIDTH - indent - pageWidth - 6,
        lineBreak: false,
        ellipsis: true,
        goTo: entry.dest,
      });
      write(pageText, MARGIN.left + CONTENT_WIDTH - pageWidth, y, { width: pageWidth, align: 'right', lineBreak: false, goTo: entry.dest });
      doc.y = y + TOC_LINE;
      line++;
    }

    // ---------- headers and footers ----------
    for (let i = range.start; i < range.start + total; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (i > range.start) {
        doc.font('body').fontSize(7.5).fillColor(MUTED);
        write(`${inputs.company.name} · ${title} · ${subject}`, MARGIN.left, 30, {
          width: CONTENT_WIDTH * 0.7,
          lineBreak: false,
          ellipsis: true,
        });
        write(day(issueDay), MARGIN.left + CONTENT_WIDTH * 0.7, 30, { width: CONTENT_WIDTH * 0.3, align: 'right', lineBreak: false });
        doc
          .moveTo(MARGIN.left, 44)
          .lineTo(MARGIN.left + CONTENT_WIDTH, 44)
          .lineWidth(0.4)
          .strokeColor(RULE)
          .stroke();
      }
      doc.font('body').fontSize(8).fillColor(MUTED);
      write(t('page', { n: i - range.start + 1, total }), MARGIN.left, PAGE.height - 36, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
      write('Windscope', MARGIN.left, PAGE.height - 36, { width: CONTENT_WIDTH / 2, lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
    doc.end();

    async function renderTurbine(turbine: ReportTurbine) {
      const prefix = isCampaign ? `${turbine.code}: ` : '';
      newPage();
      if (isCampaign) {
        chapter(`${t('turbine')} ${turbine.code}`);
        heading(`${t('turbine')} ${turbine.code}`, 0);
      }
      // summary
      isCampaign ? mark(t('summary'), 1) : chapter(t('summary'));
      heading(`${prefix}${t('summary')}`);
      if (!isCampaign) paragraph(t('summaryIntro'), MUTED);
      const open = turbine.findings.filter((f) => isOpenFindingStatus(f.status));
      const worst = open.reduce((w, f) => Math.max(w, f.severity), 0);
      const overdue = turbine.findings.filter((f) => f.overdue);
      table(
        [
          { title: t('severity'), width: 150 },
          { title: t('action'), width: 205 },
          { title: t('findingsCount'), width: 70, align: 'right' },
          { title: t('openCount'), width: 70, align: 'right' },
        ],
        [
          ...SEVERITIES.map((s) => [
            severityLabel(s),
            SEVERITY_SCALE[s].action[lang],
            String(turbine.findings.filter((f) => f.severity === s).length),
            String(open.filter((f) => f.severity === s).length),
          ]),
          [t('total'), '', String(turbine.findings.length), String(open.length)],
        ],
        { fills: SEVERITIES.map((s) => [SEVERITY_COLOURS[s].fill, null, null, null]) },
      );
      facts([
        [t('worstSeverity'), worst ? `${severityLabel(worst)}: ${SEVERITY_SCALE[worst as Severity].meaning[lang]}` : t('noOpen')],
        [
          t('overdueRepairs'),
          overdue.length
            ? overdue.map((f) => `${t('finding', { n: f.number })} (${typeLabel(f.type)}, ${day(f.dueDate)})`).join('; ')
            : t('noOverdue'),
        ],
      ]);
      // comparison with last year
      heading(t('comparison'), 2);
      const previous = turbine.year - 1;
      const countIn = (year: number, s: number) => turbine.findings.filter((f) => f.severityByYear[year] === s).length;
      const compRows = SEVERITIES.map((s) => {
        const a = countIn(previous, s);
        const b = countIn(turbine.year, s);
        return [severityLabel(s), String(a), String(b), b - a > 0 ? `+${b - a}` : String(b - a)];
      });
      table(
        [
          { title: t('severity'), width: 195 },
          { title: t('seenIn', { year: previous }), width: 100, align: 'right' },
          { title: t('seenIn', { year: turbine.year }), width: 100, align: 'right' },
          { title: t('change'), width: 100, align: 'right' },
        ],
        compRows,
      );
      paragraph(t('newFindings', { year: turbine.year, n: turbine.findings.filter((f) => f.firstSeenYear === turbine.year).length }));
      await progress();

      // turbine data
      doc.y += 6;
      mark(`${prefix}${t('turbineData')}`, isCampaign ? 1 : 0);
      heading(`${prefix}${t('turbineData')}`);
      facts([
        [t('turbineCode'), turbine.code],
        [t('turbineName'), turbine.name ?? t('none')],
        [t('company'), inputs.company.name],
        [t('site'), turbine.siteName ?? t('none')],
        [t('city'), displayCity(turbine.city)],
        [t('location'), turbine.location],
        [t('coordinates'), turbine.coordinates ?? t('none')],
        ...assetFacts(turbine.assets, lang),
        [t('rooms'), String(turbine.rooms)],
        [t('photoCount'), String(turbine.photoCount)],
        [t('inspectionYear'), String(turbine.year)],
        [t('inspectionDates'), turbine.inspectionFrom ? `${day(turbine.inspectionFrom)} – ${day(turbine.inspectionTo)}` : t('none')],
      ]);
      await progress();

      // strip maps
      newPage();
      mark(`${prefix}${t('stripMaps')}`, isCampaign ? 1 : 0);
      heading(`${prefix}${t('stripMaps')}`);
      paragraph(t('legend'), MUTED, 8.5);
      // the blade's length when known (issue 27), else the furthest finding
      const axisLength = stripAxisLength(
        turbine.assets.blade_length_m,
        turbine.findings.map((f) => f.distanceFromRootM),
      );
      for (const blade of BLADES) stripMap(turbine, blade, axisLength);
      await progress();

      // findings
      newPage();
      mark(`${prefix}${t('findings')}`, isCampaign ? 1 : 0);
      heading(`${prefix}${t('findings')}`);
      if (turbine.findings.length === 0) paragraph(t('noFindings'));
      for (const finding of turbine.findings) {
        findingSection(turbine, finding);
        await progress();
      }

      // coverage
      newPage();
      mark(`${prefix}${t('coverage')}`, isCampaign ? 1 : 0);
      heading(`${prefix}${t('coverage')}`);
      coverageTable(turbine);
      await progress();
    }
  }
}
