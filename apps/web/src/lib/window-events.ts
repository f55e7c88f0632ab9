/** A `useSyncExternalStore` subscription to the given window events. */
export function subscribeToWindow(...events: string[]) {
  return (onChange: () => void) => {
    for (const event of events) window.addEventListener(event, onChange);
    return () => {
      for (const event of events) window.removeEventListener(event, onChange);
    };
  };
}
