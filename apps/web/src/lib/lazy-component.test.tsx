import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';
import { loadOnce } from './load-once';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const Loading = () => <p role="status">Loading</p>;

describe('lazyComponent', () => {
  it('shows its loader until the code is there, then the component with its props', async () => {
    let resolve: (component: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((done) => (resolve = done)));
    const Lazy = lazyComponent(loadOnce(load), Loading);
    render(<Lazy name="Ada" />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    await act(async () => resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without its loader, when its code was fetched ahead', async () => {
    const loader = loadOnce(() => Promise.resolve(Greeting));
    await act(async () => loader.preload());
    const Lazy = lazyComponent(loader, Loading);
    render(<Lazy name="Bo" />);
    // The first render already shows the component: no loader in between.
    expect(screen.getByText('Hello Bo')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
