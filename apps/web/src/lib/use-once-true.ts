import { useState } from 'react';

/** True from the first render on which `condition` holds, and from then on for as long as the component lives. */
export function useOnceTrue(condition: boolean): boolean {
  const [hasHeld, setHasHeld] = useState(condition);
  if (condition && !hasHeld) setHasHeld(true);
  return hasHeld || condition;
}
