import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Locale } from '@portal/domain/constants';
import type { ReportContent } from './reports';
import { formatDay, translator } from './messages';

/** A moment in UTC, the day as the language writes it. */
const formatMoment = (iso: string, locale: Locale) => `${formatDay(iso, locale)} ${iso.slice(11, 16)} UTC`;

const MARGIN = 40;
const LABEL_WIDTH = 170;
const GREY = '#555555';
const BRAND = '#1c7ed6';

/** The installation report as PDF bytes, in the language asked for. */
export async function renderReportPdf(content: ReportContent, options: { locale: Locale; verifyUrl: string; now?: Date }): Promise<Buffer> {
  const { summary, report, photos, documents } = content;
  const { locale, verifyUrl } = options;
  const t = translator(locale);
  const none = t('wizard.summary.none');
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t('report.title')} ${summary.general.systemSerialNumber}`, Author: summary.installer?.companyName || 'Installer Portal' },
  });
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
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text(text, MARGIN, doc.y, { width });
    doc.moveTo(MARGIN, doc.y + 1).lineTo(MARGIN + width, doc.y + 1).lineWidth(0.5).strokeColor('#cccccc').stroke();
    doc.moveDown(0.3).fillColor('black');
  };
  const row = (label: string, value: string | number | null | undefined) => {
    const text = value === null || value === undefined || value === '' ? none : String(value);
    doc.font('Helvetica').fontSize(9);
    const height = Math.max(doc.heightOfString(label, { width: LABEL_WIDTH - 8 }), doc.heightOfString(text, { width: width - LABEL_WIDTH }));
    ensureSpace(height + 4);
    const y = doc.y;
    doc.fillColor(GREY).text(label, MARGIN, y, { width: LABEL_WIDTH - 8 });
    doc.fillColor('black').text(text, MARGIN + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
    doc.y = y + height + 3;
  };
  const subheading = (text: string) => {
    ensureSpace(30);
    doc.moveDown(0.2).font('Helvetica-Bold').fontSize(10).fillColor('black').text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };
  const label = (key: string) => t(`wizard.labels.${key}`);

  // Title, with the verification code beside it.
  const qrSize = 92;
  doc.image(qr, MARGIN + width - qrSize, MARGIN, { width: qrSize });
  doc.font('Helvetica-Bold').fontSize(20).fillColor('black').text(t('report.title'), MARGIN, MARGIN, { width: width - qrSize - 10 });
  doc.font('Helvetica').fontSize(11).text(summary.general.systemSerialNumber, { width: width - qrSize - 10 });
  doc.fontSize(9).fillColor(GREY).text(`${t('report.version', { version: report.reportVersion })} · ${t('report.createdAt', { date: formatMoment((options.now ?? new Date()).toISOString(), locale) })}`, {
    width: width - qrSize - 10,
  });
  doc.moveDown(0.4).font('Helvetica-Bold').fillColor('black').text(t('report.verifyTitle'), { width: width - qrSize - 10 });
  doc.font('Helvetica').fillColor(GREY).text(t('report.verifyText'), { width: width - qrSize - 10 });
  doc.font('Helvetica').fillColor(BRAND).text(verifyUrl, { width: width - qrSize - 10, link: verifyUrl, underline: true });
  doc.fillColor('black');
  doc.y = Math.max(doc.y, MARGIN + qrSize + 6);

  if (summary.proceededWithFailedChecks) {
    ensureSpace(30);
    const y = doc.y + 4;
    doc.font('Helvetica-Bold').fontSize(10);
    const text = t('wizard.summary.proceededWarning');
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
    row(label('batteryCapacity'), `${v.batteryCapacity} ${v.batteryCapacityUnit}`);
    row(label('vin'), v.vin);
    row(label('licensePlate'), v.licensePlate);
    row(label('mileage'), `${v.mileage} km`);
    row(label('city'), v.city);
  } else {
    row(label('vin'), null);
  }

  heading(t('wizard.summary.sections.pvSystem'));
  row(label('pvModuleCount'), summary.pvSystem.pvModuleCount);
  row(label('pvModuleVersion'), summary.pvSystem.pvModuleVersion);
  row(label('installedCapacity'), t('wizard.system.wattPeak', { value: summary.pvSystem.installedCapacity }));

  heading(t('wizard.summary.sections.chargeControllers'));
  for (const c of summary.chargeControllers) {
    const setup = summary.setup.find((s) => s.serialNumber === c.serialNumber);
    subheading(t('wizard.summary.controller', { serial: c.serialNumber }));
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
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
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
      checkRow([t(`wizard.summary.checkTypes.${c.type}`), c.controllerSerial ?? c.imei ?? none, t(`wizard.summary.checkResult.${c.status}`), formatMoment(c.createdAt, locale)]);
    }
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
      try {
        doc.image(photo.bytes, x, y, { fit: [cellWidth, imageHeight], align: 'center', valign: 'center' });
      } catch {
        doc.rect(x, y, cellWidth, imageHeight).strokeColor('#cccccc').stroke();
      }
      doc.font('Helvetica').fontSize(7).fillColor(GREY).text(`${t(`wizard.summary.uploadTypes.${photo.type}`)}: ${photo.name}`, x, y + imageHeight + 2, { width: cellWidth, height: 18, ellipsis: true });
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
    doc.font('Helvetica').fontSize(7).fillColor(GREY);
    doc.text(`${summary.general.systemSerialNumber} · ${t('report.version', { version: report.reportVersion })}`, MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(t('report.page', { page: i + 1, pages: range.count }), MARGIN + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
