import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

/**
 * A page with a row whose Edit button opens a dialog, as the dashboard tables do (no trigger
 * of the dialog's own). Done closes it; with `removesRow`, Done also takes the row away, as a
 * delete does.
 */
function Page({ removesRow = false }: { removesRow?: boolean }) {
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState(true);
  const done = () => {
    if (removesRow) setRow(false);
    setOpen(false);
  };
  return (
    <main id="main-content" tabIndex={-1}>
      <button type="button">Export</button>
      {row ? (
        <button type="button" onClick={() => setOpen(true)}>
          Edit row
        </button>
      ) : null}
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Edit row"
        footer={
          <button type="button" onClick={done}>
            Done
          </button>
        }
      />
    </main>
  );
}

async function openWithKeyboard() {
  screen.getByRole('button', { name: 'Edit row' }).focus();
  await userEvent.keyboard('{Enter}');
  await screen.findByRole('dialog');
}

describe('Modal focus', { timeout: 20_000 }, () => {
  it('gives the focus back to the button that opened it, on Escape and on a close button', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit row' });

    await openWithKeyboard();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await openWithKeyboard();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await openWithKeyboard();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('puts the focus on the main content when what opened it is gone', async () => {
    render(<Page removesRow />);
    await openWithKeyboard();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
