import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FleetMembership, Me } from '@portal/domain/fleet';
import { i18n } from '@/lib/i18n';
import { fleetBody, resetSessionAroundEachTest, startApp } from '@/test/start-app';

const authConfig = { emailLink: true, google: null, microsoft: null, supportEmail: 'help@example.com', demo: true };
const slow = { timeout: 5000 };
const sono: FleetMembership = { slug: 'sono', name: 'Sono Demo Fleet', role: 'installer' };

const guessed: Me = { id: 'u1', name: 'ina.installer', email: 'ina.installer@example.com', company: null, fleets: [sono], isOperator: false, nameChosen: false };

function start(me: Me) {
  let current = me;
  const fake = startApp('/sono', {
    'GET /config.auth.json': { body: authConfig },
    'GET /api/installations': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    'GET /api/fleets/sono': { body: fleetBody(sono) },
    'GET /api/me': () => ({ body: current }),
    'PATCH /api/me': (init) => {
      current = { ...current, name: (JSON.parse(String(init?.body)) as { displayName: string }).displayName.trim(), nameChosen: true };
      return { body: current };
    },
  });
  const patches = () => fake.calls.filter((call) => call.method === 'PATCH').map((call) => JSON.parse(String(call.init?.body)) as unknown);
  return { patches };
}

/** What the login page leaves behind for this tab once the emailed code or link signed the person in. */
const signedInOnLoginPage = () => sessionStorage.setItem('freshSignIn', '1');

resetSessionAroundEachTest();

// The whole app renders here; on a busy machine that takes longer than a unit test's usual 5 s.
describe('the display name', { timeout: 20_000 }, () => {
  it('after signing in on the login page, asks a person who has not said their name, with a guess from the address, and one tap saves it', async () => {
    signedInOnLoginPage();
    const { patches } = start(guessed);
    const dialog = within(await screen.findByRole('dialog', { name: 'What is your name?' }, slow));
    const field = dialog.getByRole('textbox', { name: /Your name/ }) as HTMLInputElement;
    expect(field.value).toBe('Ina Installer');
    // Required: no close button, and Escape does not close it.
    expect(dialog.queryByRole('button', { name: 'Close without saving' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'What is your name?' })).toBeTruthy();

    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Please enter your name.', undefined, slow)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(81) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Your name can have at most 80 characters.', undefined, slow)).toBeTruthy();
    expect(patches()).toEqual([]);

    fireEvent.change(field, { target: { value: ' Ina Fitter ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(patches()).toEqual([{ displayName: 'Ina Fitter' }]);
    expect(await screen.findByText('Signed in as Ina Fitter', undefined, slow)).toBeTruthy();
    expect(sessionStorage.getItem('freshSignIn')).toBeNull();
  });

  it('does not ask a session that did not come from the login page, nor a person who chose a name', async () => {
    start(guessed);
    expect(await screen.findByRole('button', { name: 'Add new installation' }, slow)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is changed later from the name in the menu, in German', async () => {
    await i18n.changeLanguage('de');
    signedInOnLoginPage();
    const { patches } = start({ ...guessed, name: 'Ina Fitter', nameChosen: true });
    fireEvent.click(await screen.findByRole('button', { name: /Angemeldet als Ina Fitter/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ihr Name' }, slow));
    const field = dialog.getByRole('textbox', { name: /Ihr Name/ }) as HTMLInputElement;
    expect(field.value).toBe('Ina Fitter');
    expect(dialog.getByText('Ihr Name erscheint in den Installationen, die Sie erfassen, in deren Verlauf und in deren Berichten.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);

    fireEvent.click(screen.getByRole('button', { name: /Angemeldet als Ina Fitter/ }));
    const again = within(await screen.findByRole('dialog', { name: 'Ihr Name' }, slow));
    fireEvent.change(again.getByRole('textbox', { name: /Ihr Name/ }), { target: { value: '' } });
    fireEvent.click(again.getByRole('button', { name: 'Speichern' }));
    expect(await again.findByText('Bitte geben Sie Ihren Namen ein.', undefined, slow)).toBeTruthy();
    fireEvent.change(again.getByRole('textbox', { name: /Ihr Name/ }), { target: { value: 'Ina F.' } });
    fireEvent.click(again.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Angemeldet als Ina F.', undefined, slow)).toBeTruthy();
    expect(patches()).toEqual([{ displayName: 'Ina F.' }]);
  });
});
