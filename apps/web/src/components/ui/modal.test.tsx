import { screen, render, waitFor, within } from '@testing-library/react';
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

/**
 * A list as the dashboard pages draw it: a heading that names a table whose rows each have
 * Edit and Delete, and a dialog behind Delete whose Done takes the row away.
 */
function List({ names }: { names: string[] }) {
  const [rows, setRows] = useState(names);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <main id="main-content" tabIndex={-1}>
      <h1 id="list-heading" tabIndex={-1}>
        Figures
      </h1>
      <table aria-labelledby="list-heading">
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2}>Nothing found</td>
            </tr>
          ) : null}
          {rows.map((name) => (
            <tr key={name}>
              <td>
                <button type="button">Edit {name}</button>
                <button type="button" onClick={() => setDeleting(name)}>
                  Delete {name}
                </button>
              </td>
              <td>{name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting}`}
        footer={
          <button
            type="button"
            onClick={() => {
              setRows((current) => current.filter((name) => name !== deleting));
              setDeleting(null);
            }}
          >
            Done
          </button>
        }
      />
    </main>
  );
}

async function deleteRow(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('Modal focus after its row went', { timeout: 20_000 }, () => {
  it("moves to the next row's button in the same place, or the row before's after the last", async () => {
    render(<List names={['Asuka', 'Rei', 'Shinji']} />);
    await deleteRow('Rei');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Shinji' })).toHaveFocus(),
    );
    await deleteRow('Shinji');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Asuka' })).toHaveFocus());
  });

  it('moves to the heading that names the table once no row is left', async () => {
    render(<List names={['Asuka']} />);
    await deleteRow('Asuka');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Figures' })).toHaveFocus());
  });
});
