import type { ComponentType } from 'react';
import { useLoaded } from './lazy-component';
import { loadOnce } from './load-once';

/**
 * A piece of a screen that is not needed to show it (a dialog, a toast container, a sender of offline
 * saves): it loads on first use instead of with the screen, and `preload` fetches it right after the
 * screen has been painted, so it is there when the network is gone. Until it has loaded it renders
 * `fallback` with the same props (a plainer stand-in that works on its own), or nothing; a load that
 * fails (offline before it came) breaks nothing and is tried again when the network is back.
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ComponentType<P>) {
  const loader = loadOnce(load);

  function Part(props: P) {
    const Shown = useLoaded(loader, { retryWhenOnline: true }).value ?? fallback;
    return Shown ? <Shown {...props} /> : null;
  }

  return { Component: Part, preload: loader.preload };
}

/** Runs `task` once the browser has painted the current screen; returns a cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * One call that fetches each of `parts` (for `afterNextPaint`), each started in a task of its own: starting
 * a chunk adds its script and style links to the page, and all of them at once would hold a slow phone's
 * main thread long enough to miss a tap.
 */
export function preloadAll(...parts: { preload: () => void }[]): () => void {
  return () => {
    for (const part of parts) window.setTimeout(part.preload, 0);
  };
}
