import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { createRateMeter, remainingSeconds } from '../lib/upload-rate';
import { useUploadQueueStore } from '../stores/upload-queue-store';
import { FileSendProgress, formatTimeLeft, QueueProgress, UploadProgress } from './upload-progress';

const KB = 1024;
const photo = 430 * KB;

afterEach(() => {
  useUploadQueueStore.setState({ sendingKey: null, sentBytes: 0, bytesPerSecond: null, retryAt: null });
});

const bar = (name: string) => screen.getByRole('progressbar', { name: new RegExp(`^${name}`) });

describe('byte progress of an upload', () => {
  it('counts bytes, not files: 0.21 of 0.42 MB is half way, with the time left at the measured speed', () => {
    renderWithProviders(<UploadProgress name="roof.jpg" sentBytes={photo / 2} totalBytes={photo} bytesPerSecond={50_000} />);
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('0.21 of 0.42 MB · about 5 seconds left');
    expect(bar('roof.jpg').getAttribute('aria-valuenow')).toBe('50');
    expect(bar('roof.jpg').getAttribute('aria-label')).toBe('roof.jpg: 50 % sent');
  });

  it('shows no time left while the speed is not known yet', () => {
    renderWithProviders(<UploadProgress name="roof.jpg" sentBytes={0} totalBytes={photo} bytesPerSecond={null} />);
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('0.00 of 0.42 MB');
    expect(bar('roof.jpg').getAttribute('aria-valuenow')).toBe('0');
  });

  it('speaks German: decimal commas and the time in words', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<UploadProgress name="dach.jpg" sentBytes={photo / 4} totalBytes={4 * photo} bytesPerSecond={50_000} />);
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('0,10 von 1,68 MB · noch etwa 34 Sekunden');
    expect(bar('dach.jpg').getAttribute('aria-label')).toBe('dach.jpg: 6 % gesendet');
  });

  it('writes the time left rounded up, in seconds, minutes or hours, never as 0', () => {
    expect(formatTimeLeft(0.2, 'en')).toBe('1 second');
    expect(formatTimeLeft(44.1, 'en')).toBe('45 seconds');
    expect(formatTimeLeft(61, 'en')).toBe('2 minutes');
    expect(formatTimeLeft(3 * 3600 - 1, 'en')).toBe('3 hours');
    expect(formatTimeLeft(90, 'de')).toBe('2 Minuten');
  });

  it('shows the bytes of the file the queue is sending, and nothing for the others', () => {
    renderWithProviders(
      <>
        <FileSendProgress fileKey="a" name="a.jpg" totalBytes={photo} />
        <FileSendProgress fileKey="b" name="b.jpg" totalBytes={photo} />
      </>,
    );
    expect(screen.queryAllByTestId('upload-progress')).toHaveLength(0);
    act(() => {
      useUploadQueueStore.getState().setSending('b');
      useUploadQueueStore.getState().setProgress(photo * 0.75, 20_000);
    });
    expect(screen.getAllByTestId('upload-progress')).toHaveLength(1);
    expect(bar('b.jpg').getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('0.31 of 0.42 MB · about 6 seconds left');
  });

  it('sums the files that wait in the queue: how many, their bytes and the time left for all', () => {
    const files = ['a', 'b', 'c', 'd'].map((key) => ({ key, name: `${key}.jpg`, size: photo }));
    renderWithProviders(<QueueProgress files={files} />);
    // Shown only while one of them is on its way.
    expect(screen.queryByTestId('queue-progress')).toBeNull();
    act(() => {
      useUploadQueueStore.getState().setSending('a');
      useUploadQueueStore.getState().setProgress(photo / 2, 50_000);
    });
    expect(screen.getByTestId('queue-progress').textContent).toContain('Sending 4 files in the background. You can go on meanwhile.');
    expect(screen.getByTestId('queue-progress-bar-text').textContent).toBe('0.21 of 1.68 MB · about 31 seconds left');
  });
});

describe('the measured upload speed', () => {
  it('is unknown until bytes went out over a second, then bytes per second over the last ten seconds', () => {
    const meter = createRateMeter();
    meter.add(0, 0);
    meter.add(500, 25_000);
    expect(meter.rate()).toBeNull();
    meter.add(1_000, 50_000);
    expect(meter.rate()).toBe(50_000);
    // A slower stretch long after: the old one no longer counts.
    meter.add(20_000, 950_000);
    meter.add(30_000, 1_050_000);
    expect(meter.rate()).toBe(10_000);
  });

  it('gives the seconds left at the measured speed, none while it is unknown', () => {
    expect(remainingSeconds(100_000, 50_000)).toBe(2);
    expect(remainingSeconds(100_000, null)).toBeNull();
    expect(remainingSeconds(-5, 50_000)).toBe(0);
  });
});
