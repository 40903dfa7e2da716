import { useState } from 'react';

const keyOf = (clientId: string) => `passaparola.welcomed.${clientId}`;

function wasSeen(clientId: string): boolean {
  try {
    return window.localStorage.getItem(keyOf(clientId)) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the customer closed her welcome at this salon, remembered on this device per client record
 * (a new salon joined with the same account welcomes her again), and what closes it.
 */
export function useWelcomeSeen(clientId: string): [seen: boolean, dismiss: () => void] {
  const [seen, setSeen] = useState(() => wasSeen(clientId));
  const dismiss = () => {
    try {
      window.localStorage.setItem(keyOf(clientId), new Date().toISOString());
    } catch {
      // Without storage the welcome closes for this visit only.
    }
    setSeen(true);
  };
  return [seen, dismiss];
}
