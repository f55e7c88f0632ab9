import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Upload } from '@portal/domain/upload';
import { i18n } from '@/lib/i18n';
import { TOUCH_QUERY } from '@/lib/use-is-narrow';
import { compressImage } from '../lib/compress-image';
import { ImageCompressionError } from '../lib/image-problem';
import { discardUploadDrafts } from '../hooks/use-uploads-form';
import { listFiles } from '../lib/file-queue';
import type * as FileQueue from '../lib/file-queue';
import { useUploadsStore } from '../stores/uploads-store';
import { createInstallationReadyForUploads, createUpload } from '../testing/upload-factory';
import { headerOf, isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

vi.mock('../lib/compress-image', () => ({ compressImage: vi.fn() }));

/** How many writes to the device's file store are on their way (see the afterEach below). */
const fileWrites = vi.hoisted(() => ({ inFlight: 0 }));
vi.mock('../lib/file-queue', async (importOriginal) => {
  const original = await importOriginal<typeof FileQueue>();
  const counted =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      fileWrites.inFlight += 1;
      try {
        return await write(...args);
      } finally {
        fileWrites.inFlight -= 1;
      }
    };
  return {
    ...original,
    keepFile: counted(original.keepFile),
    updateFile: counted(original.updateFile),
    forgetFile: counted(original.forgetFile),
    forgetPickedFiles: counted(original.forgetPickedFiles),
  };
});

isolateWizardTests();
beforeEach(() => {
  discardUploadDrafts('u1');
});
afterEach(async () => {
  // Picked files are written to IndexedDB after the screen shows them: let those writes land in this
  // test's database, not in the next test's fresh one (this runs before isolateWizardTests' own afterEach).
  await waitFor(() => expect(fileWrites.inFlight).toBe(0), slow);
});

type Route = Parameters<typeof startWizard>[1][string];
type SentUpload = { type: string; name: string; format: string; sizeKilobytes: number; file: string };

const MB = 1024 * 1024;
const user = userEvent.setup({ applyAccept: false });

/** The first bytes of a real file of each format (a 640 x 480 photo), then filler. */
function headOf(name: string, width = 640, height = 480): number[] {
  const format = name.split('.').pop()!.toLowerCase();
  const u32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (format === 'jpg' || format === 'jpeg') return [0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  if (format === 'png') return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR'), ...u32(width), ...u32(height), 8, 2, 0, 0, 0];
  if (format === 'pdf') return ascii('%PDF-1.4\n');
  if (format === 'txt' || format === 'csv') return ascii('a;b\n');
  return ascii('MZ');
}

function file(name: string, type: string, size = 1000, content = headOf(name)): File {
  const bytes = new Uint8Array(Math.min(size, 4096)).fill(0x20);
  bytes.set(content.slice(0, bytes.length));
  const created = new File([bytes], name, { type });
  if (size > 4096) Object.defineProperty(created, 'size', { value: size });
  return created;
}

/** What the faked server holds: its list answers what was stored and deleted meanwhile. */
let serverUploads: Upload[] = [];

/** A server that stores what it is sent, one id after the other. */
function storingServer(first = 100) {
  let next = first;
  return (init: RequestInit | undefined): { status: number; body: Upload[] } => {
    const sent = JSON.parse(String(init?.body)) as SentUpload[];
    const stored = sent.map((u) => createUpload({ id: next++, type: u.type as Upload['type'], name: u.name, format: u.format, sizeKilobytes: u.sizeKilobytes, file: u.file }));
    serverUploads = [...serverUploads, ...stored];
    return { status: 201, body: stored };
  };
}

function openUploadsTab({ uploads = [], routes = {}, installation = createInstallationReadyForUploads() }: { uploads?: Upload[]; routes?: Record<string, Route>; installation?: ReturnType<typeof createInstallationReadyForUploads> } = {}) {
  serverUploads = uploads;
  return startWizard('/sono/installations/42?tab=uploads', {
    'GET /api/installations/42': { body: installation },
    'GET /api/installations/42/uploads': () => ({ body: serverUploads }),
    'POST /api/installations/42/uploads': storingServer(),
    'DELETE /api/installations/42/uploads': (init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
      serverUploads = serverUploads.filter((u) => !ids.includes(u.id));
      return { body: { deleted: ids } };
    },
    ...routes,
  });
}

const slot = (type: string) => screen.getByTestId(`upload-slot-${type}`);
const rowsOf = (type: string) => within(slot(type)).queryAllByTestId('upload-file');
const rowNamed = (name: string) => screen.getAllByTestId('upload-file').find((row) => row.getAttribute('data-name') === name)!;
const input = (type: string) => screen.getByTestId(`upload-input-${type}`) as HTMLInputElement;
const nextButton = () => screen.getByTestId('step-next') as HTMLButtonElement;
const rejectionsOf = (type: string) => within(slot(type)).queryAllByTestId('upload-rejection').map((r) => r.textContent);
const postsOf = (fake: ReturnType<typeof startWizard>['fake']) => fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/installations/42/uploads');

async function pick(type: string, files: File[]) {
  await user.upload(input(type), files);
}

async function waitForReady(name: string) {
  await waitFor(() => expect(rowNamed(name).getAttribute('data-status')).toBe('ready'));
}

describe('uploads tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('shows the three slots with the saved files, their size in MB and thumbnails loaded with the token', async () => {
    const { fake } = openUploadsTab({
      uploads: [createUpload({ id: 1, name: 'roof.jpg', sizeKilobytes: 300 }), createUpload({ id: 2, type: 'other', format: 'pdf', name: 'note.pdf', sizeKilobytes: 2048 })],
      routes: { 'GET /api/installations/42/uploads/1/file': { body: 'jpeg bytes' } },
    });
    expect(await screen.findByTestId('uploads-loading', undefined, slow)).toBeTruthy();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    expect(within(slot('pvModules')).getByText('PV modules')).toBeTruthy();
    expect(within(slot('telematics-mcu')).getByText('Telematics unit and MCU')).toBeTruthy();
    expect(within(slot('other')).getByText('Other documents')).toBeTruthy();
    expect(within(rowNamed('roof.jpg')).getByTestId('upload-size').textContent).toBe('0.29 MB');
    expect(within(rowNamed('note.pdf')).getByTestId('upload-size').textContent).toBe('2.00 MB');
    await waitFor(() => expect(within(rowNamed('roof.jpg')).getByTestId('upload-thumbnail').getAttribute('src')).toMatch(/^blob:/));
    const fileCall = fake.calls.find((c) => c.path === '/api/installations/42/uploads/1/file');
    expect(headerOf(fileCall, 'authorization')).toMatch(/^Bearer /);
    expect(fileCall?.query.toString()).toBe('');
    // Documents have no thumbnail and are not fetched until downloaded.
    expect(within(rowNamed('note.pdf')).queryByTestId('upload-thumbnail')).toBeNull();
    expect(fake.calls.some((c) => c.path === '/api/installations/42/uploads/2/file')).toBe(false);
    // Nothing is red before the installer has done anything: the disabled Next says what it waits for.
    expect(screen.queryByTestId('upload-required-telematics-mcu')).toBeNull();
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByTestId('step-next-hint').textContent).toBe('To continue, add at least one file to each required category: PV modules, and telematics unit and MCU.');
    fireEvent.click(screen.getByTestId('step-save'));
    expect((await screen.findByTestId('upload-required-telematics-mcu')).textContent).toBe('This category requires at least one file.');
    expect(screen.queryByTestId('upload-required-pvModules')).toBeNull();
  });

  it.each([
    { language: 'en', tiny: '< 0.01 MB', touch: 'Tap to choose files', desktop: 'Drag files here or click to choose them' },
    { language: 'de', tiny: '< 0,01 MB', touch: 'Tippen Sie, um Dateien auszuwählen', desktop: 'Ziehen Sie Dateien hierher oder klicken Sie, um sie auszuwählen' },
  ])('shows a tiny file as below 0.01 MB, and offers no dragging on a touch screen ($language)', async ({ language, tiny, touch, desktop }) => {
    await i18n.changeLanguage(language);
    const matchMedia = window.matchMedia.bind(window);
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => (query === TOUCH_QUERY ? { ...matchMedia(query), matches: true, media: query } : matchMedia(query)));
    try {
      openUploadsTab({ uploads: [createUpload({ id: 2, type: 'other', format: 'pdf', name: 'tiny.pdf', sizeKilobytes: 1 })] });
      await screen.findByTestId('upload-slot-pvModules', undefined, slow);
      expect(within(rowNamed('tiny.pdf')).getByTestId('upload-size').textContent).toBe(tiny);
      expect(within(slot('pvModules')).getByText(touch)).toBeTruthy();
      expect(within(slot('pvModules')).queryByText(desktop)).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses files by the rules of each slot, with messages in English', async () => {
    openUploadsTab();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('pvModules', [file('manual.pdf', 'application/pdf'), file('photo', ''), file('huge.jpg', 'image/jpeg', 26 * MB), file('ok.png', 'image/png')]);
    expect(rejectionsOf('pvModules')).toEqual([
      'manual.pdf: This file type is not supported.',
      'photo: This file type is not supported.',
      'huge.jpg: The file is too large. The maximum is 25 MB.',
    ]);
    expect(rowsOf('pvModules').map((r) => r.getAttribute('data-name'))).toEqual(['ok.png']);
    await pick('other', [file('manual.pdf', 'application/pdf'), file('list.csv', 'application/vnd.ms-excel'), file('tool.exe', 'application/x-msdownload')]);
    expect(rowsOf('other').map((r) => r.getAttribute('data-name'))).toEqual(['manual.pdf', 'list.csv']);
    expect(rejectionsOf('other')).toEqual(['tool.exe: This file type is not supported.']);
  });

  it('refuses an empty file with its own message, in English and German', async () => {
    openUploadsTab();
    await screen.findByTestId('upload-slot-other', undefined, slow);
    await pick('other', [new File([], 'empty.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(rejectionsOf('other')).toEqual(['empty.txt: The file is empty. Please choose a file with content.']));
    expect(rowsOf('other')).toHaveLength(0);
    await i18n.changeLanguage('de');
    await pick('other', [new File([], 'leer.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(rejectionsOf('other')).toEqual(['leer.pdf: Die Datei ist leer. Bitte wählen Sie eine Datei mit Inhalt.']));
  });

  it('reads the first bytes of a picked file: a program renamed .jpg is refused at once, with one message and no row', async () => {
    const { fake } = openUploadsTab();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    const program = [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0];
    await pick('pvModules', [file('holiday.jpg', 'image/jpeg', 2048, program), file('roof.jpg', 'image/jpeg')]);
    await waitFor(() => expect(rejectionsOf('pvModules')).toEqual(['holiday.jpg: This file type is not supported.']));
    expect(rowsOf('pvModules').map((r) => r.getAttribute('data-name'))).toEqual(['roof.jpg']);
    await pick('other', [file('notes.txt', 'text/plain', 2048, program), file('report.pdf', 'application/pdf', 2048, headOf('x.png'))]);
    await waitFor(() => expect(rejectionsOf('other')).toEqual(['notes.txt: This file type is not supported.', 'report.pdf: This file type is not supported.']));
    expect(rowsOf('other')).toHaveLength(0);
    expect(postsOf(fake)).toHaveLength(0);
  });

  it('refuses a photo over 50 megapixels by its header, before it is compressed or shown', async () => {
    openUploadsTab();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('pvModules', [file('plan.png', 'image/png', 304 * 1024, headOf('x.png', 10_000, 8_000)), file('wide.jpg', 'image/jpeg', 6 * MB, headOf('x.jpg', 9_000, 6_000)), file('ok.jpg', 'image/jpeg', 1000, headOf('x.jpg', 8_000, 6_000))]);
    await waitFor(() =>
      expect(rejectionsOf('pvModules')).toEqual([
        'plan.png: The image has more than 50 megapixels. Please choose a smaller photo.',
        'wide.jpg: The image has more than 50 megapixels. Please choose a smaller photo.',
      ]),
    );
    expect(rowsOf('pvModules').map((r) => r.getAttribute('data-name'))).toEqual(['ok.jpg']);
    expect(vi.mocked(compressImage).mock.calls.map(([picked]) => picked.name)).toEqual([]);
  });

  it('speaks German: slot texts and the same refusals', async () => {
    await i18n.changeLanguage('de');
    openUploadsTab();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    expect(within(slot('pvModules')).getByText('PV-Module')).toBeTruthy();
    expect(screen.getByTestId('upload-pick-pvModules').textContent).toBe('Dateien auswählen');
    await pick('pvModules', [file('manual.pdf', 'application/pdf'), file('huge.png', 'image/png', 25 * MB + 1)]);
    expect(rejectionsOf('pvModules')).toEqual([
      'manual.pdf: Dieser Dateityp wird nicht unterstützt.',
      'huge.png: Die Datei ist zu groß. Erlaubt sind höchstens 25 MB.',
    ]);
    const photos = Array.from({ length: 11 }, (_, i) => file(`bild-${i + 1}.jpg`, 'image/jpeg'));
    await pick('telematics-mcu', photos);
    expect(rejectionsOf('telematics-mcu')).toEqual(['bild-11.jpg: Eine Kategorie kann höchstens 10 Dateien enthalten.']);
  });

  it('forgets picked files that were not saved when the wizard is closed from another tab', async () => {
    const first = openUploadsTab();
    await screen.findByTestId('upload-slot-other', undefined, slow);
    await pick('other', [file('manual.pdf', 'application/pdf')]);
    await waitForReady('manual.pdf');
    // Picked files outlive a visit to another tab, so the installer may look something up meanwhile.
    fireEvent.click(screen.getByTestId('dot-customer'));
    await screen.findByTestId('customer-name');
    fireEvent.click(screen.getByTestId('wizard-close'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono'));
    first.unmount();

    const { fake } = openUploadsTab();
    await screen.findByTestId('upload-slot-other', undefined, slow);
    expect(rowsOf('other')).toHaveLength(0);
    expect(postsOf(fake)).toHaveLength(0);
  });

  it('takes ten files per slot: the picker closes and the eleventh is refused', async () => {
    openUploadsTab({ uploads: Array.from({ length: 8 }, (_, i) => createUpload({ id: i + 1, format: 'pdf', name: `doc-${i + 1}.pdf`, type: 'other' })) });
    await screen.findByTestId('upload-slot-other', undefined, slow);
    expect(screen.getByTestId('upload-count-other').textContent).toBe('8 of 10 files');
    await pick('other', [file('a.txt', 'text/plain'), file('b.txt', 'text/plain'), file('c.txt', 'text/plain')]);
    expect(rowsOf('other')).toHaveLength(10);
    expect(rejectionsOf('other')).toEqual(['c.txt: A category holds at most 10 files.']);
    expect((screen.getByTestId('upload-pick-other') as HTMLButtonElement).disabled).toBe(true);
    expect(within(slot('other')).getByText('This category holds the maximum of 10 files. Remove one to add another.')).toBeTruthy();
    // Removing one opens the picker again.
    fireEvent.click(within(rowNamed('doc-1.pdf')).getByTestId('upload-remove'));
    expect((screen.getByTestId('upload-pick-other') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('upload-count-other').textContent).toBe('9 of 10 files');
  });

  it('keeps Next disabled until PV modules and telematics each hold a file', async () => {
    openUploadsTab({ uploads: [createUpload({ id: 1, type: 'other', format: 'pdf', name: 'note.pdf' })] });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    expect(nextButton().disabled).toBe(true);
    await pick('pvModules', [file('roof.png', 'image/png')]);
    expect(nextButton().disabled).toBe(true);
    await pick('telematics-mcu', [file('tcu.png', 'image/png')]);
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(within(rowNamed('tcu.png')).getByTestId('upload-remove'));
    expect(nextButton().disabled).toBe(true);
  });

  it('saves each new file in a request of its own and deletes the removed ones', async () => {
    const { fake } = openUploadsTab({
      uploads: [createUpload({ id: 1, name: 'old.jpg' }), createUpload({ id: 2, name: 'keep.jpg' })],
    });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    fireEvent.click(within(rowNamed('old.jpg')).getByTestId('upload-remove'));
    expect(rowNamed('old.jpg').getAttribute('data-status')).toBe('removed');
    await pick('telematics-mcu', [file('tcu-1.png', 'image/png'), file('tcu-2.png', 'image/png')]);
    await pick('other', [file('notes.txt', 'text/plain', 2048)]);
    await waitForReady('notes.txt');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The uploads has been saved successfuly!', undefined, slow)).toBeTruthy();
    // The files go in the background, one after the other.
    await waitFor(() => expect(postsOf(fake)).toHaveLength(3), slow);

    const deletes = fake.calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => JSON.parse(String(c.init?.body)))).toEqual([{ ids: [1] }]);
    const posts = postsOf(fake);
    const bodies = posts.map((c) => JSON.parse(String(c.init?.body)) as SentUpload[]);
    expect(bodies.map((b) => b.length)).toEqual([1, 1, 1]);
    expect(bodies.map((b) => `${b[0]!.type}:${b[0]!.name}`)).toEqual(['telematics-mcu:tcu-1.png', 'telematics-mcu:tcu-2.png', 'other:notes.txt']);
    expect(bodies[2]![0]).toMatchObject({ format: 'txt', sizeKilobytes: 2 });
    expect(bodies[0]![0]!.file).toMatch(/^data:image\/png;base64,/);
    expect(bodies[2]![0]!.file).toMatch(/^data:text\/plain;base64,/);
    const keys = posts.map((c) => headerOf(c, 'idempotency-key'));
    expect(new Set(keys).size).toBe(3);
    // The deletion went first, making room in a full slot.
    expect(fake.calls.indexOf(deletes[0]!)).toBeLessThan(fake.calls.indexOf(posts[0]!));

    await waitFor(() => expect(screen.queryByText('Not saved yet')).toBeNull());
    expect(rowsOf('pvModules').map((r) => r.getAttribute('data-name'))).toEqual(['keep.jpg']);
    expect(rowsOf('telematics-mcu').map((r) => r.getAttribute('data-status'))).toEqual(['saved', 'saved']);
  });

  it('moves on at once while the files upload; a file the server failed stays queued on the device and goes again with the same key', async () => {
    let attempt = 0;
    const server = storingServer();
    const routes: Record<string, Route> = {
      'POST /api/installations/42/uploads': (init) => {
        attempt += 1;
        if (attempt === 1) return { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Boom' } };
        return server(init);
      },
    };
    const first = openUploadsTab({ routes });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('pvModules', [file('roof.png', 'image/png')]);
    await pick('telematics-mcu', [file('tcu.png', 'image/png')]);
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=digitalCheck'), slow);
    await waitFor(() => expect(postsOf(first.fake)).toHaveLength(1), slow);
    // A failing server is not asked again for the next files at once: both wait on the device.
    await waitFor(async () => expect((await listFiles('u1', 42)).map((f) => [f.name, f.state, f.problem])).toEqual([
      ['roof.png', 'queued', null],
      ['tcu.png', 'queued', null],
    ]));
    expect(postsOf(first.fake)).toHaveLength(1);
    expect(screen.queryByText('An internal error occurred while processing the data. Please check and try again.')).toBeNull();
    const firstKey = headerOf(postsOf(first.fake)[0]!, 'idempotency-key');

    // As after a reload: nothing in memory, the queue sends the files kept on the device.
    first.unmount();
    useUploadsStore.getState().reset();
    const { fake } = openUploadsTab({ uploads: serverUploads, routes });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await waitFor(() => expect(postsOf(fake)).toHaveLength(2), slow);
    const keys = postsOf(fake).map((c) => headerOf(c, 'idempotency-key'));
    expect(keys[0]).toBe(firstKey);
    await waitFor(() => expect([...rowsOf('pvModules'), ...rowsOf('telematics-mcu')].map((r) => r.getAttribute('data-status'))).toEqual(['saved', 'saved']), slow);
    expect(await listFiles('u1', 42)).toEqual([]);
  });

  it('keeps the files of a save without network on the device, queued, and says so', async () => {
    const { fake } = openUploadsTab({ routes: {
        'POST /api/installations/42/uploads': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    // Then the device says it has no network, as a phone without signal does, and requests fail.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await pick('pvModules', [file('roof.png', 'image/png')]);
    await pick('telematics-mcu', [file('tcu.png', 'image/png')]);
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect([...rowsOf('pvModules'), ...rowsOf('telematics-mcu')].map((r) => r.getAttribute('data-status'))).toEqual(['queued', 'queued']), slow);
    expect((await screen.findAllByText('No connection')).length).toBeGreaterThan(0);
    expect(screen.queryByText('An internal error occurred while processing the data. Please check and try again.')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=uploads');
    // Offline, the queue does not even try.
    expect(postsOf(fake)).toHaveLength(0);
    await waitFor(async () =>
      expect((await listFiles('u1', 42)).map((f) => [f.name, f.state])).toEqual([
        ['roof.png', 'queued'],
        ['tcu.png', 'queued'],
      ]),
    );
  });

  it('keeps picked files and deletions while another tab is open', async () => {
    const { fake } = openUploadsTab({ uploads: [createUpload({ id: 1, name: 'old.jpg' })] });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('telematics-mcu', [file('tcu.png', 'image/png')]);
    fireEvent.click(within(rowNamed('old.jpg')).getByTestId('upload-remove'));
    fireEvent.click(screen.getByTestId('step-back'));
    expect(await screen.findByTestId('setup-pv-0', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByTestId('dot-uploads'));
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    expect(rowNamed('tcu.png').getAttribute('data-status')).toBe('ready');
    expect(rowNamed('old.jpg').getAttribute('data-status')).toBe('removed');
    expect(fake.calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('asks before closing the wizard with files that are not saved, and saves them on request', async () => {
    const { fake } = openUploadsTab();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('pvModules', [file('roof.png', 'image/png')]);
    fireEvent.click(screen.getByTestId('wizard-close'));
    const dialog = await screen.findByTestId('close-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono'), slow);
    expect(postsOf(fake)).toHaveLength(1);
  });

  it('shows a refusal of the server next to the file it concerns', async () => {
    const server = storingServer();
    openUploadsTab({
      routes: {
        'POST /api/installations/42/uploads': (init) => {
          const [sent] = JSON.parse(String(init?.body)) as SentUpload[];
          if (sent!.name === 'fake.jpg') return { status: 415, body: { status: 415, code: 'UNSUPPORTED_FILE_TYPE', message: 'The file content is unknown, not .jpg' } };
          if (sent!.name === 'eleventh.png') return { status: 409, body: { status: 409, code: 'MAX_FILES', message: 'pvModules already holds 10 files' } };
          if (sent!.name === 'big.png') return { status: 413, body: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'too large' } };
          return server(init);
        },
      },
    });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('pvModules', [file('fake.jpg', 'image/jpeg'), file('eleventh.png', 'image/png'), file('big.png', 'image/png'), file('good.png', 'image/png')]);
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(rowNamed('good.png').getAttribute('data-status')).toBe('saved'), slow);
    // Refused in the background: each refusal stays on its file, in its slot.
    expect(within(rowNamed('fake.jpg')).getByTestId('upload-error').textContent).toBe('This file type is not supported.');
    expect(within(rowNamed('eleventh.png')).getByTestId('upload-error').textContent).toBe('A category holds at most 10 files.');
    expect(within(rowNamed('big.png')).getByTestId('upload-error').textContent).toBe('The file is too large. The maximum is 25 MB.');
    expect((await listFiles('u1', 42)).map((f) => [f.name, f.problem])).toEqual([
      ['fake.jpg', 'invalidFileType'],
      ['eleventh.png', 'maxFiles'],
      ['big.png', 'invalidFileSize'],
    ]);
  });

  it('compresses photos over 0.5 MB before sending them, and explains photos it cannot compress', async () => {
    const compressed = new Blob([new Uint8Array(400 * 1024).fill(1)], { type: 'image/jpeg' });
    vi.mocked(compressImage).mockImplementation(async (picked, options) => {
      options?.onProgress?.(50);
      if (picked.name === 'broken.jpg') throw new ImageCompressionError('notAnImage', 'The file given is not an image');
      if (picked.name === 'empty.jpg') throw new Error('Compressed file is undefined');
      return compressed;
    });
    const { fake } = openUploadsTab();
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    await pick('pvModules', [file('camera.jpg', 'image/jpeg', 8 * MB), file('broken.jpg', 'image/jpeg', 2 * MB), file('empty.jpg', 'image/jpeg', 3 * MB), file('small.png', 'image/png', 1000)]);
    await waitForReady('camera.jpg');
    expect(within(rowNamed('camera.jpg')).getByTestId('upload-size').textContent).toBe('0.39 MB');
    await waitFor(() =>
      expect(rejectionsOf('pvModules')).toEqual([
        'broken.jpg: The file is not an image. Please choose a JPG or PNG photo.',
        'empty.jpg: The photo could not be compressed (Compressed file is undefined). Please try again or choose another photo.',
      ]),
    );
    expect(vi.mocked(compressImage).mock.calls.map(([picked]) => picked.name)).toEqual(['camera.jpg', 'broken.jpg', 'empty.jpg']);
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(postsOf(fake).map((c) => (JSON.parse(String(c.init?.body)) as SentUpload[])[0]!.name)).toEqual(['camera.jpg', 'small.png']), slow);
    const [first] = JSON.parse(String(postsOf(fake)[0]!.init?.body)) as SentUpload[];
    expect(first).toMatchObject({ name: 'camera.jpg', format: 'jpg', sizeKilobytes: 400 });
    expect(atob(first!.file.split(',')[1]!).length).toBe(compressed.size);
  });

  it('shows a completed installation read-only, with download and preview', async () => {
    const { fake } = openUploadsTab({
      installation: createInstallationReadyForUploads({ status: 'completed' }),
      uploads: [createUpload({ id: 1, name: 'roof.jpg' }), createUpload({ id: 2, type: 'telematics-mcu', format: 'png', name: 'tcu.png' })],
      routes: { 'GET /api/installations/42/uploads/2/file': { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Upload not found' } } },
    });
    await screen.findByTestId('upload-slot-pvModules', undefined, slow);
    expect(screen.queryByTestId('upload-pick-pvModules')).toBeNull();
    expect(screen.queryByTestId('upload-input-pvModules')).toBeNull();
    expect(screen.queryByTestId('upload-remove')).toBeNull();
    expect(screen.queryByTestId('step-save')).toBeNull();
    expect(within(rowNamed('roof.jpg')).getByTestId('upload-download')).toBeTruthy();
    expect(nextButton().disabled).toBe(false);

    fireEvent.click(within(rowNamed('tcu.png')).getByTestId('upload-preview'));
    expect(await screen.findByText('The preview could not be loaded. Please try again.')).toBeTruthy();
    fireEvent.click(within(rowNamed('tcu.png')).getByTestId('upload-download'));
    expect(await screen.findByText('The file could not be downloaded. Please try again.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method !== 'GET')).toBe(false);
  });
});
