import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredPart } from './deferred-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('deferredPart', () => {
  it('shows nothing until the part has loaded, then the part with its props', async () => {
    let resolve: (part: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((done) => (resolve = done)));
    const { Component } = deferredPart(load);
    const { container } = render(<Component name="Ada" />);
    expect(container.textContent).toBe('');
    await act(async () => resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once for preload and every later use', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const part = deferredPart(load);
    part.preload();
    part.preload();
    render(<part.Component name="Bo" />);
    expect(await screen.findByText('Hello Bo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('breaks nothing when the load fails, and tries again when the network is back', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Greeting);
    const { Component } = deferredPart(load);
    const { container } = render(<Component name="Cy" />);
    await act(async () => undefined);
    expect(container.textContent).toBe('');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Cy')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows its fallback with the same props until the part has loaded', async () => {
    let resolve: (part: typeof Greeting) => void = () => undefined;
    const { Component } = deferredPart(
      () => new Promise<typeof Greeting>((done) => (resolve = done)),
      ({ name }) => <p>Hi {name}</p>,
    );
    render(<Component name="Di" />);
    expect(screen.getByText('Hi Di')).toBeTruthy();
    await act(async () => resolve(Greeting));
    expect(screen.getByText('Hello Di')).toBeTruthy();
    expect(screen.queryByText('Hi Di')).toBeNull();
  });
});
