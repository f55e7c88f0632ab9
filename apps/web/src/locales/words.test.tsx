import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createInstallation } from '@portal/domain/testing/installation';
import { CompletionModal } from '@/features/installation-wizard/components/completion-modal';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import de from './de.json';
import en from './en.json';

/** Every string of a locale file, by its dotted key. */
function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
}

describe('the words of the portal', () => {
  it('speaks German as a native speaker does: Sie throughout, the LED states as the hints name them, plain sentences', () => {
    const all = strings(de);
    // Addressed as "Sie" everywhere: no "du" imperatives such as "Gib", "Prüfe", "Lade", "Warte".
    expect(all.filter(([, text]) => /(^|[.:!?]\s)(Gib|Prüfe|Beschreibe|Lade|Warte|Wähle|Tippe)\b/.test(text))).toEqual([]);
    expect(de.auth.login.checkInboxTitle).toBe('Prüfen Sie Ihr Postfach');
    expect(de.wizard.setup.statusLed.on).toBe('Leuchtet');
    expect(de.wizard.digitalCheck.proceed.text).not.toContain('als mit fehlgeschlagenen');
    expect(de.verify.valid).toBe('Dieser Datensatz ist unverändert und entspricht dem unterzeichneten Stand.');
    expect(all.filter(([, text]) => /Produktnummer|Installer-Portal/.test(text))).toEqual([]);
  });

  it('spells English right and names the drive type as what it is', () => {
    expect(strings(en).filter(([, text]) => /occured/.test(text))).toEqual([]);
    expect(en.wizard.labels.transmission).toBe('Drive type');
  });

  it.each([
    { language: 'en', text: 'Solar System Installation for Product Number SN-DEMO-0001 completed.' },
    { language: 'de', text: 'Die Installation der Solaranlage mit der Seriennummer SN-DEMO-0001 ist abgeschlossen.' },
  ])('keeps the serial whole in the completion dialog ($language)', async ({ language, text }) => {
    await act(() => i18n.changeLanguage(language));
    renderWithProviders(<CompletionModal installation={createInstallation()} fleet="sono" onClose={() => undefined} />);
    expect((await screen.findByTestId('completion-text')).textContent).toBe(text);
    expect(screen.getByTestId('completion-text-serial').style.whiteSpace).toBe('nowrap');
  });
});
