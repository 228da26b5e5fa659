import { useState } from 'react';

/**
 * Whether a dialog has been open at least once. Dialogs load their code when first opened and
 * then stay mounted, so closing still plays its animation and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
