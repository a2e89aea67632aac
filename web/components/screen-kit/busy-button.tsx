// A button that runs an action and says so while it runs: disabled and aria-busy until the action settles.
import type { ReactNode } from 'react';

export function BusyButton({
  busy,
  onClick,
  className = 'button',
  children,
}: {
  busy: boolean;
  onClick: () => unknown;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void onClick()}>
      {children}
    </button>
  );
}
