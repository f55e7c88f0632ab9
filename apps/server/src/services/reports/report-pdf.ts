import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Locale } from '@portal/domain/constants';
import type { InstallationSummary } from '@portal/domain/summary';
import { translator } from './messages';
import { formatReportDay as formatDay, formatReportMoment as formatMoment } from './report-time';

/** What a report prints: the summary as submitted, its report version, the photos' previews and the documents' names. */
export type ReportInput = {
  summary: InstallationSummary;
  report: { reportVersion: number; createdAt: Date };
  photos: { type: string; name: string; preview: Buffer | null }[];
  documents: { type: string; name: string }[];
  locale: Locale;
  verifyUrl: string;
  /** The fleet's time zone: every time the report prints is shown there, with the zone's name. */
  timeZone: string;
};

// Noto Sans: Latin with its extensions, Greek and Cyrillic. Subset into each report by pdfkit.
const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { create(buffer: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean } };
const FONT_REGULAR = readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'));
const FONT_BOLD = readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'));
const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';
const glyphs = fontkit.create(FONT_REGULAR);
const boldGlyphs = fontkit.create(FONT_BOLD);
/** What stands for a character the font cannot draw: a visible mark, never a wrong letter. */
const UNDRAWABLE = '\uFFFD';
const FALLBACK = glyphs.hasGlyphForCodePoint(0xfffd) ? UNDRAWABLE : '?';

/** The text with each character the report's fonts cannot draw replaced by a visible mark; control characters dropped. */
export function drawableText(text: string): string {
  let out = '';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x20 && char !== '\n') continue;
    if (/\p{Cf}/u.test(char)) continue;
    out += /\s/.test(char) || (glyphs.hasGlyphForCodePoint(cp) && boldGlyphs.hasGlyphForCodePoint(cp)) ? char : FALLBACK;
  }
  // One mark for a run, as for a whole emoji or a word in a script the font lacks.
  return out.replace(new RegExp(`${FALLBACK === '?' ? '\\?' : FALLBACK}{2,}`, 'g'), FALLBACK);
}

const MARGIN = 40;
const LABEL_WIDTH = 170;
const GREY = '#555555';
const BRAND = '#1c7ed6';

/** The installation report as PDF bytes, in the language asked for. */
export async function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const { summary, report, photos, documents, locale, verifyUrl, timeZone } = input;
  const translate = translator(locale);
  const t = (key: string, params: Record<string, string | number> = {}) => drawableText(translate(key, params));
  const numbers = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  const num = (value: number | null | undefined) => (value === null || value === undefined ? null : numbers.format(value));
  const none = t('wizard.summary.none');
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t('report.title')} ${summary.general.systemSerialNumber}`, Author: summary.installer?.companyName || 'Installer Portal' },
  });
  doc.registerFont(REGULAR, FONT_REGULAR);
  doc.registerFont(BOLD, FONT_BOLD);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensureSpace(50);
    doc.moveDown(0.6).font(BOLD).fontSize(12).fillColor(BRAND).text(text, MARGIN, doc.y, { width });
    doc.moveTo(MARGIN, doc.y + 1).lineTo(MARGIN + width, doc.y + 1).lineWidth(0.5).strokeColor('#cccccc').stroke();
    doc.moveDown(0.3).fillColor('black');
  };
  const row = (rawLabel: string, value: string | number | null | undefined) => {
    const text = value === null || value === undefined || value === '' ? none : drawableText(String(value));
    const label = drawableText(rawLabel);
    doc.font(REGULAR).fontSize(9);
    const height = Math.max(doc.heightOfString(label, { width: LABEL_WIDTH - 8 }), doc.heightOfString(text, { width: width - LABEL_WIDTH }));
    ensureSpace(height + 4);
    const y = doc.y;
    doc.fillColor(GREY).text(label, MARGIN, y, { width: LABEL_WIDTH - 8 });
    doc.fillColor('black').text(text, MARGIN + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
    doc.y = y + height + 3;
  };
  const subheading = (text: string, keepWith = 30) => {
    ensureSpace(keepWith);
    doc.moveDown(0.2).font(BOLD).fontSize(10).fillColor('black').text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };
  const label = (key: string) => t(`wizard.labels.${key}`);

  // Title, with the verification code beside it.
  const qrSize = 92;
  doc.image(qr, MARGIN + width - qrSize, MARGIN, { width: qrSize });
  doc.font(BOLD).fontSize(20).fillColor('black').text(t('report.title'), MARGIN, MARGIN, { width: width - qrSize - 10 });
  doc.font(REGULAR).fontSize(11).text(drawableText(summary.general.systemSerialNumber), { width: width - qrSize - 10 });
  doc.fontSize(9).fillColor(GREY).text(`${t('report.version', { version: report.reportVersion })} · ${t('report.createdAt', { date: formatMoment(report.createdAt.toISOString(), locale, timeZone) })}`, {
    width: width - qrSize - 10,
  });
  doc.moveDown(0.4).font(BOLD).fillColor('black').text(t('report.verifyTitle'), { width: width - qrSize - 10 });
  doc.font(REGULAR).fillColor(GREY).text(t('report.verifyText'), { width: width - qrSize - 10 });
  doc.font(REGULAR).fillColor(BRAND).text(verifyUrl, { width: width - qrSize - 10, link: verifyUrl, underline: true });
  doc.fillColor('black');
  doc.y = Math.max(doc.y, MARGIN + qrSize + 6);

  if (summary.proceededWithFailedChecks) {
    ensureSpace(30);
    const y = doc.y + 4;
    doc.font(BOLD).fontSize(10);
    // The installer's reason goes with the warning, in their words.
    const reason = summary.failedChecksReason ? `\n${t('wizard.summary.labels.failedChecksReason')}: ${drawableText(summary.failedChecksReason)}` : '';
    const text = t('wizard.summary.proceededWarning') + reason;
    const h = doc.heightOfString(text, { width: width - 16 }) + 10;
    doc.rect(MARGIN, y, width, h).fillAndStroke('#fff4e6', '#e8590c');
    doc.fillColor('#a61e00').text(text, MARGIN + 8, y + 5, { width: width - 16 });
    doc.fillColor('black');
    doc.y = y + h + 4;
  }

  const g = summary.general;
  heading(t('wizard.summary.sections.general'));
  row(label('systemSerialNumber'), g.systemSerialNumber);
  row(label('name'), g.name);
  row(t('wizard.summary.labels.status'), t(`solar.installations.status.${g.status}`));
  row(label('startDate'), formatDay(g.startDate, locale));
  row(t('wizard.summary.labels.commissioningDate'), formatDay(g.commissioningDate, locale));
  row(t('wizard.summary.labels.completionDate'), formatDay(g.completionDate, locale));
  if (g.partner) row(t('wizard.summary.labels.partner'), `${g.partner.name} (${g.partner.email})`);
  row(label('comments'), g.comments);

  heading(t('wizard.summary.sections.customer'));
  row(label('customerName'), summary.customer.name);
  row(label('primaryContact'), summary.customer.primaryContact);
  row(label('emailAddress'), summary.customer.emailAddress);

  heading(t('wizard.summary.sections.installer'));
  const installer = summary.installer;
  row(t('wizard.summary.labels.companyName'), installer?.companyName);
  row(t('wizard.summary.labels.companyShortName'), installer?.companyShortName);
  row(t('wizard.summary.labels.companyEmail'), installer?.companyEmail);
  row(t('report.submittedBy'), installer ? `${installer.installerName} (${installer.installerEmail})` : null);
  row(t('report.submittedAt'), formatDay(g.completionDate, locale));

  heading(t('wizard.summary.sections.vehicle'));
  const v = summary.vehicle;
  if (v) {
    row(label('type'), t(`wizard.vehicle.types.${v.type}`));
    row(label('manufacturer'), v.manufacturer);
    row(label('model'), v.model);
    row(label('year'), v.year);
    row(label('transmission'), t(`wizard.vehicle.transmissions.${v.transmission}`));
    row(label('batteryType'), t(`wizard.vehicle.batteryTypes.${v.batteryType}`));
    row(label('batteryCapacity'), `${num(v.batteryCapacity)} ${v.batteryCapacityUnit}`);
    row(label('vin'), v.vin);
    row(label('licensePlate'), v.licensePlate);
    row(label('mileage'), `${num(v.mileage)} km`);
    row(label('city'), v.city);
  } else {
    row(label('vin'), null);
  }

  heading(t('wizard.summary.sections.pvSystem'));
  row(label('pvModuleCount'), num(summary.pvSystem.pvModuleCount));
  row(label('pvModuleVersion'), summary.pvSystem.pvModuleVersion);
  row(label('installedCapacity'), t('wizard.system.wattPeak', { value: num(summary.pvSystem.installedCapacity) ?? '' }));

  heading(t('wizard.summary.sections.chargeControllers'));
  for (const c of summary.chargeControllers) {
    const setup = summary.setup.find((s) => s.serialNumber === c.serialNumber);
    // A controller's block (heading and its nine rows) stays on one page.
    subheading(t('wizard.summary.controller', { serial: c.serialNumber }), 20 + 9 * 15);
    row(label('controllerType'), t(`wizard.controllerTypes.${c.type}`));
    row(label('hardwareVersion'), c.hardwareVersion);
    row(label('firmwareVersion'), c.firmwareVersion);
    row(t('wizard.summary.labels.channelCount'), c.channelCount);
    row(label('pvModulesCount'), setup?.pvModulesCount);
    row(label('activeChannelCount'), setup?.activeChannelCount);
    const inspection = setup?.inspection;
    row(label('powerLed'), inspection ? t(`wizard.setup.powerLed.${inspection.powerLed}`) : null);
    row(label('statusLed'), inspection ? t(`wizard.setup.statusLed.${inspection.statusLed}`) : null);
    row(label('faultLed'), inspection ? t(`wizard.setup.faultLed.${inspection.faultLed}`) : null);
  }

  heading(t('wizard.summary.sections.telematics'));
  for (const unit of summary.telematics) {
    row(label('telematicsUnit'), unit.unit);
    row(label('imei'), unit.imei);
    row(label('iccid'), unit.iccid);
  }

  heading(t('wizard.summary.sections.digitalCheck'));
  if (summary.systemChecks.length === 0) row(t('wizard.summary.labels.result'), t('wizard.summary.noChecks'));
  const columns = [0, 170, 330, 410];
  const checkRow = (cells: string[], bold = false) => {
    ensureSpace(16);
    const y = doc.y;
    doc.font(bold ? BOLD : REGULAR).fontSize(9);
    cells.forEach((cell, i) => {
      const failed = !bold && i === 2 && cell === t('wizard.summary.checkResult.failed');
      doc.fillColor(bold ? GREY : failed ? '#c92a2a' : 'black').text(cell, MARGIN + columns[i]!, y, { width: (columns[i + 1] ?? width) - columns[i]! - 6 });
    });
    doc.fillColor('black');
    doc.y = y + 14;
  };
  if (summary.systemChecks.length) {
    checkRow([t('wizard.summary.labels.device'), t('wizard.summary.labels.identifier'), t('wizard.summary.labels.result'), t('report.checkTime')], true);
    for (const c of summary.systemChecks) {
      checkRow([t(`wizard.summary.checkTypes.${c.type}`), c.controllerSerial ?? c.imei ?? none, t(`wizard.summary.checkResult.${c.status}`), formatMoment(c.createdAt, locale, timeZone)]);
    }
  }

  if (summary.proceededWithFailedChecks) {
    doc.moveDown(0.3);
    row(t('wizard.summary.labels.failedChecksReason'), summary.failedChecksReason);
  }

  heading(t('wizard.summary.sections.uploads'));
  if (photos.length) {
    subheading(t('report.photos'));
    const perRow = 3;
    const gap = 10;
    const cellWidth = (width - gap * (perRow - 1)) / perRow;
    const imageHeight = cellWidth * 0.7;
    photos.forEach((photo, i) => {
      const column = i % perRow;
      if (column === 0) ensureSpace(imageHeight + 24);
      const x = MARGIN + column * (cellWidth + gap);
      const y = doc.y;
      let drawn = false;
      if (photo.preview) {
        try {
          doc.image(photo.preview, x, y, { fit: [cellWidth, imageHeight], align: 'center', valign: 'center' });
          drawn = true;
        } catch {
          // An unreadable preview is drawn as an empty frame below.
        }
      }
      if (!drawn) doc.rect(x, y, cellWidth, imageHeight).strokeColor('#cccccc').stroke();
      doc.font(REGULAR).fontSize(7).fillColor(GREY).text(`${t(`wizard.summary.uploadTypes.${photo.type}`)}: ${drawableText(photo.name)}`, x, y + imageHeight + 2, { width: cellWidth, height: 18, ellipsis: true });
      doc.fillColor('black');
      doc.y = column === perRow - 1 || i === photos.length - 1 ? y + imageHeight + 22 : y;
    });
  }
  subheading(t('report.documents'));
  if (documents.length === 0) row('', t('report.noDocuments'));
  for (const d of documents) row(t(`wizard.summary.uploadTypes.${d.type}`), d.name);

  // Every page says which record and version it belongs to.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 5;
    doc.font(REGULAR).fontSize(7).fillColor(GREY);
    doc.text(`${summary.general.systemSerialNumber} · ${t('report.version', { version: report.reportVersion })}`, MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(t('report.page', { page: i + 1, pages: range.count }), MARGIN + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
